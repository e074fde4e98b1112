import type { PyJson } from '../json/pyJson.js';
import { ResourceType } from './resourceType.js';

export interface PackageSkill {
  readonly package: string;
  readonly resource: string;
}

export interface SkillSources {
  readonly paths?: readonly string[];
  readonly urls?: readonly string[];
  readonly classpath?: readonly string[];
  readonly package?: readonly PackageSkill[];
}

/** Where an agent's skills come from, grouped by scheme (local paths, URLs, classpath, packages). */
export class Skills {
  readonly resourceType = ResourceType.SKILLS;
  readonly paths: readonly string[];
  readonly urls: readonly string[];
  readonly classpath: readonly string[];
  readonly package: readonly PackageSkill[];

  constructor(sources: SkillSources) {
    this.paths = [...(sources.paths ?? [])];
    this.urls = [...(sources.urls ?? [])];
    this.classpath = [...(sources.classpath ?? [])];
    this.package = [...(sources.package ?? [])];
  }

  toJSON(): Map<string, PyJson> {
    return new Map<string, PyJson>([
      ['paths', [...this.paths]],
      ['urls', [...this.urls]],
      ['classpath', [...this.classpath]],
      ['package', this.package.map((p) => new Map<string, PyJson>([['package', p.package], ['resource', p.resource]]))],
    ]);
  }
}
