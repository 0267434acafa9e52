/**
 * Indentation mapping between an edit and the file it lands in.
 *
 * When an edit's old lines matched the file only after ignoring indentation, the edit's new
 * lines must be re-indented the same way, or a dedented snippet would be written dedented. The
 * mapping is inferred from the matched (edit line, file line) pairs and is accepted only when
 * it is consistent for every non-blank pair; otherwise new lines are written as given.
 */
export const leadingWs = (line: string): string => {
  let i = 0;
  while (i < line.length && (line[i] === ' ' || line[i] === '\t')) i++;
  return line.slice(0, i);
};

export type IndentMap =
  | { kind: 'identity' }
  /** file indentation = prefix + edit indentation (the edit was dedented) */
  | { kind: 'add'; prefix: string }
  /** edit indentation = prefix + file indentation (the edit was over-indented) */
  | { kind: 'remove'; prefix: string }
  /** tabs <-> spaces: widths with a tab counted as `tab` columns differ by `delta`; rendered in the file's style */
  | { kind: 'width'; tab: number; delta: number; fileTabs: boolean }
  /** no consistent mapping: new lines are written as given */
  | { kind: 'none' };

const width = (ws: string, tab: number): number => {
  let w = 0;
  for (let i = 0; i < ws.length; i++) w += ws[i] === '\t' ? tab : 1;
  return w;
};

/**
 * Infer the mapping from pairs [editLine, fileLine] (blank lines are ignored).
 * Order of preference: identity, a common string prefix added or removed (exact for any
 * indentation style), then a tabs<->spaces width mapping trying tab widths 4, 2, 8, 3 and
 * preferring a zero width shift.
 */
export function inferIndentMap(pairs: Array<[string, string]>): IndentMap {
  const ws: Array<[string, string]> = [];
  for (const [e, f] of pairs) if (e.trim() && f.trim()) ws.push([leadingWs(e), leadingWs(f)]);
  if (!ws.length || ws.every(([e, f]) => e === f)) return { kind: 'identity' };
  const [e0, f0] = ws[0];
  if (f0.endsWith(e0)) {
    const prefix = f0.slice(0, f0.length - e0.length);
    if (ws.every(([e, f]) => f === prefix + e)) return { kind: 'add', prefix };
  }
  if (e0.endsWith(f0)) {
    const prefix = e0.slice(0, e0.length - f0.length);
    if (ws.every(([e, f]) => e === prefix + f)) return { kind: 'remove', prefix };
  }
  const fileTabs = ws.some(([, f]) => f.includes('\t'));
  let fallback: IndentMap | null = null;
  for (const tab of [4, 2, 8, 3]) {
    const d = width(f0, tab) - width(e0, tab);
    if (!ws.every(([e, f]) => width(f, tab) - width(e, tab) === d)) continue;
    if (d === 0) return { kind: 'width', tab, delta: 0, fileTabs };
    fallback ??= { kind: 'width', tab, delta: d, fileTabs };
  }
  return fallback ?? { kind: 'none' };
}

/** True when the mapping changes indentation levels (as opposed to only their spelling). */
export const isShift = (m: IndentMap): boolean =>
  m.kind === 'add' || m.kind === 'remove' || (m.kind === 'width' && m.delta !== 0);

/**
 * Re-indent one new line with the mapping. Blank lines are kept as given. Returns null when the
 * line cannot be mapped (an over-indented edit whose new line lacks the common prefix, or a
 * width that would become negative): the caller refuses rather than guess.
 */
export function reindent(line: string, m: IndentMap): string | null {
  if (m.kind === 'identity' || m.kind === 'none' || !line.trim()) return line;
  const ws = leadingWs(line);
  if (m.kind === 'add') return m.prefix + line;
  if (m.kind === 'remove') return ws.startsWith(m.prefix) ? line.slice(m.prefix.length) : null;
  // width: keep lines already in the file's style untouched when the level does not move
  const inFileStyle = m.fileTabs ? !ws.includes(' ') || ws.startsWith('\t') : !ws.includes('\t');
  if (m.delta === 0 && inFileStyle) return line;
  const w = width(ws, m.tab) + m.delta;
  if (w < 0) return null;
  const newWs = m.fileTabs ? '\t'.repeat(Math.floor(w / m.tab)) + ' '.repeat(w % m.tab) : ' '.repeat(w);
  return newWs + line.slice(ws.length);
}
