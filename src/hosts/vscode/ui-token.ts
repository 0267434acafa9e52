import { randomBytes } from 'node:crypto';

/**
 * A secret of this extension host session, made when the module loads (at activation), kept
 * in memory and never part of the extension's exported API. A command argument may skip a
 * confirmation (`confirm: false`) only when it carries this token: any other caller —
 * another extension, a task, a link in a webview or markdown — gets the dialog.
 */
const TOKEN = randomBytes(16).toString('hex');

/** Our own UI adds the token to a command argument whose confirmation it has already obtained. */
export function withUiToken<T extends object>(arg: T): T & { uiToken: string } {
  return { ...arg, uiToken: TOKEN };
}

/** True only for this session's token; constant-time is not needed (no timing oracle across IPC). */
export function isOwnUiToken(value: unknown): boolean {
  return typeof value === 'string' && value === TOKEN;
}
