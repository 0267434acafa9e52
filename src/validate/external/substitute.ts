/**
 * Expands the variables of a validator argv:
 *  - `${file}` → the path of the temp copy of the text being validated;
 *  - `${fileDirname}` → the directory of the real document (so `-I${fileDirname}` finds the
 *    project's headers), or the temp copy's directory when the caller did not give one.
 * Other text in an argument is kept ("--input=${file}" works). Arguments stay separate: the
 * result goes to spawn() as an argv array, so paths with spaces or quotes need no escaping.
 * Nothing is added: an argv that never mentions `${file}` runs as written (what the user
 * configured is exactly what runs).
 */
export function substituteFile(argv: readonly string[], file: string, fileDirname: string): string[] {
  return argv.map((a) => a.split('${fileDirname}').join(fileDirname).split('${file}').join(file));
}
