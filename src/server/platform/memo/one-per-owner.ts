// A value made once per owner (a database handle, an auth instance) on first use, and gone
// with its owner. Caches live beside the handle they cache for rather than in a module-wide
// variable, so two apps in one process (the two-instance tests) never share one.
export function onePerOwner<Owner extends object, Value>(make: (owner: Owner) => Value) {
  const values = new WeakMap<Owner, Value>();
  return (owner: Owner): Value => {
    let value = values.get(owner);
    if (value === undefined) {
      value = make(owner);
      values.set(owner, value);
    }
    return value;
  };
}
