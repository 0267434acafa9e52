/**
 * The label a workspace folder gives its files' identities in a multi-root window: its name,
 * or its path when another folder has the same name (two roots named `api` must never share
 * a history, counters or a lock). Pure.
 */
export function rootLabel(roots: ReadonlyArray<{ path: string; name?: string }>, index: number): string {
  const nameOf = (r: { path: string; name?: string }) => r.name ?? baseName(r.path);
  const root = roots[index];
  const name = nameOf(root);
  const shared = roots.filter((r) => nameOf(r) === name).length > 1;
  return shared ? root.path.replace(/\\/g, '/') : name;
}

function baseName(p: string): string {
  const parts = p.replace(/\\/g, '/').split('/').filter((x) => x !== '');
  return parts.length ? parts[parts.length - 1] : p;
}
