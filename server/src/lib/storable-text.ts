/**
 * Text PostgreSQL cannot store: NUL (U+0000, refused in text values) and lone UTF-16 surrogates
 * (not encodable as UTF-8; the drivers would silently turn them into U+FFFD). One check for every
 * string a request carries, so no route, present or future, can pass such text to the database.
 */

/** True when the text can be stored as it is. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed();
}

/** The text with NUL and lone surrogates replaced by U+FFFD, for values kept as information only. */
export function toStorableText(text: string): string {
  return text.toWellFormed().replaceAll('\u0000', '\ufffd');
}

/**
 * The path (`first_name`, `items.0.name`; '' for the value itself) of the first string or object
 * key that cannot be stored, or undefined. Iterative, so a deeply nested body cannot overflow the
 * stack; a key that is itself unstorable is named with its bad characters replaced.
 */
export function findUnstorableText(value: unknown): string | undefined {
  // Each node links to its parent, so the path is built only for the one value that fails.
  type Node = { value: unknown; key: string; parent: Node | null };
  const pathOf = (node: Node | null, last?: string) => {
    const keys = last === undefined ? [] : [last];
    for (let n = node; n?.parent; n = n.parent) keys.push(n.key);
    return keys.reverse().join('.');
  };
  const stack: Node[] = [{ value, key: '', parent: null }];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    const current = node.value;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return pathOf(node);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        stack.push({ value: current[i], key: String(i), parent: node });
    } else if (current !== null && typeof current === 'object') {
      const keys = Object.keys(current);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i];
        if (!isStorableText(key)) return pathOf(node, toStorableText(key));
        stack.push({ value: (current as Record<string, unknown>)[key], key, parent: node });
      }
    }
  }
  return undefined;
}
