// The hook's headless-store recording (dist/hook-store.js): loaded by dist/hook.js only when no
// VS Code window or agent-safe-edit-mcp server owns the folder's history.
export { recordInStore } from './hooks/record-in-store';
