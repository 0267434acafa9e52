import type { ToolDefinition } from '../runner';
import { readFileTool } from './read-file';
import { safePatchTool } from './safe-patch';
import { replaceInFileTool } from './replace-in-file';
import { editLinesTool } from './edit-lines';
import { writeFileTool } from './write-file';
import { rollbackFileTool } from './rollback-file';
import { listBackupsTool } from './list-backups';
import { executeProgramTool } from './execute-program';
import { patchHtmlTool } from './patch-html';

/** Every tool (names as in the catalog and package.json), the same for every host and client. */
export function allToolDefinitions(): ToolDefinition<any>[] {
  return [readFileTool, safePatchTool, replaceInFileTool, editLinesTool, writeFileTool, rollbackFileTool, listBackupsTool, executeProgramTool, patchHtmlTool];
}
