/** A reference to a value kept in memory (upstream `MemoryRef`): its absolute path and the Python name of its type. */
export class MemoryRef {
  constructor(
    readonly path: string,
    readonly typeName: string,
  ) {}
}
