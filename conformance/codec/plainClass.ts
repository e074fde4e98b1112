/** A class with no behaviour, as `{"$object": name}` instantiates: one per name. */
export type PlainClass = new () => object;

const classes = new Map<string, PlainClass>();

/** The plain class of a name (its `name` is that name, so refusals say `found <name>`). */
export const plainClass = (name: string): PlainClass => {
  let cls = classes.get(name);
  if (cls === undefined) {
    cls = { [name]: class {} }[name]!;
    classes.set(name, cls);
  }
  return cls;
};

/** Whether a value is an instance of a class `plainClass` made. */
export const isPlainClassInstance = (value: object): boolean => {
  const proto: unknown = Object.getPrototypeOf(value);
  const constructor: unknown = proto === null ? undefined : Object.getOwnPropertyDescriptor(proto, 'constructor')?.value;
  return typeof constructor === 'function' && classes.get(constructor.name) === constructor;
};
