/**
 * One argument quoted for the shell a client runs a command line with: /bin/sh (single
 * quotes; a quote inside is closed, escaped and reopened) or cmd.exe on Windows (double
 * quotes, which Windows paths cannot contain). Pure.
 */
export function shellQuote(arg: string, platform: NodeJS.Platform): string {
  if (platform === 'win32') return `"${arg.replace(/"/g, '')}"`;
  if (/^[A-Za-z0-9_./:=@%+-]+$/.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}
