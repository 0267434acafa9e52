// Installed by `npm start` into its own profile only (scripts/start.mjs), never shipped.
//
// VS Code disables its built-in Copilot Chat in every new browser profile until the user
// completes Copilot's sign-in (a one-time "enablement migration" kept in the browser's
// storage, which the server cannot fill). Without Copilot Chat the Demo agent is not in the
// model picker and a prompt only asks for a sign-in, so this turns it on the way the
// real-client tests do, and only when it is off.
// "Enable All Extensions" is the one command that can: the enable actions of the extensions
// view skip the chat extension. In this demo-only profile that is the one disabled extension
// unless the user disabled others.
const vscode = require('vscode');

const COPILOT_CHAT = 'github.copilot-chat';
/** The command is registered a moment after startup: retry for this long. */
const RETRY_FOR_MS = 60_000;

exports.activate = async function activate() {
  if (vscode.extensions.getExtension(COPILOT_CHAT)) return;
  // A user who turned the AI features off keeps them off.
  if (vscode.workspace.getConfiguration('chat').get('disableAIFeatures') === true) return;
  const deadline = Date.now() + RETRY_FOR_MS;
  for (;;) {
    try {
      await vscode.commands.executeCommand('workbench.extensions.action.enableAll');
      return;
    } catch (error) {
      if (Date.now() > deadline) {
        console.error(`[demo setup] could not enable ${COPILOT_CHAT}: ${error}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
};

exports.deactivate = function deactivate() {};
