/** One way two plans differ, at the JSON Pointer of the value in plan A (and in plan B when it lies elsewhere). */
export interface PlanDifference {
  readonly pointer: string;
  readonly pointerB?: string;
  readonly message: string;
}

/** Something that is written differently but means the same (a built-in action named in two languages). */
export interface PlanEquivalence {
  readonly pointer: string;
  readonly message: string;
  /** What the two plans name alike: a canonical name of the mapping (`built-in tool_call_action`), or `input schema`. */
  readonly subject: string;
}

export interface PlanComparison {
  readonly differences: readonly PlanDifference[];
  readonly equivalences: readonly PlanEquivalence[];
}

/** Where differences and equivalences are collected while two plans are walked. */
export class ComparisonLog {
  readonly differences: PlanDifference[] = [];
  readonly equivalences: PlanEquivalence[] = [];

  differ(pointer: string, pointerB: string, message: string): void {
    this.differences.push(pointer === pointerB ? { pointer, message } : { pointer, pointerB, message });
  }

  same(pointer: string, subject: string, message: string): void {
    this.equivalences.push({ pointer, subject, message });
  }
}
