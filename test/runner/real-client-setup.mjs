// What a run with the real client (Copilot Chat's agent mode, built into code-server) needs
// beyond a plain integration run: the scripted model server, the model's configuration in the
// profile, the chat settings, and the variables that tell the tests where the model is.
// Facts behind each setting: /work/shared/harness/README.md, "A real client".

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startScriptedModel } from './scripted-model.mjs';

export const MODEL_ID = 'scripted-model';

/** Chat settings for the run: tools from extensions on, utility requests to the same model. */
export const REAL_CLIENT_SETTINGS = {
  'chat.extensionTools.enabled': true,
  'chat.byokUtilityModelDefault': 'mainAgent',
  'chat.defaultModel': MODEL_ID,
};

/**
 * Starts the model server and writes `<userDataDir>/User/chatLanguageModels.json` pointing at
 * it. Returns the extra user settings, the environment for the extension host
 * (ASE_MODEL_URL: control endpoints; ASE_MODEL_LOG: the request log) and close().
 * @param {{ userDataDir: string }} dirs
 * @param {{ logFile: string, log?: (line: string) => void }} o
 */
export async function prepareRealClient(dirs, o) {
  const model = await startScriptedModel({ logFile: o.logFile, log: o.log });
  const userDir = path.join(dirs.userDataDir, 'User');
  mkdirSync(userDir, { recursive: true });
  // No apiKey: it is a secret reference there, a plain string would be ignored; the server needs none.
  writeFileSync(path.join(userDir, 'chatLanguageModels.json'), `${JSON.stringify([{
    name: 'Scripted',
    vendor: 'customendpoint',
    models: [{ id: MODEL_ID, name: 'Scripted Model', url: `${model.url}/v1/chat/completions`, toolCalling: true, vision: false, maxInputTokens: 128000, maxOutputTokens: 4096 }],
  }], null, 2)}\n`);
  return {
    userSettings: REAL_CLIENT_SETTINGS,
    env: { ASE_MODEL_URL: model.url, ASE_MODEL_LOG: o.logFile },
    close: model.close,
  };
}
