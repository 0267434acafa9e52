// Copies the codicon font and stylesheet the dashboard webview uses from node_modules into
// dist/codicons/, so a .vsix built with --no-dependencies still ships them.
// Usage (from the repository root, after the build): node src/ui/copy-codicons.mjs
import { cpSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const from = join(root, 'node_modules', '@vscode', 'codicons', 'dist');
const to = join(root, 'dist', 'codicons');
mkdirSync(to, { recursive: true });
for (const file of ['codicon.css', 'codicon.ttf']) cpSync(join(from, file), join(to, file));
console.log(`codicons copied to ${to}`);
