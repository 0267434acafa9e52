// What a run with the real client (Copilot Chat's agent mode, built into code-server) needs
// beyond a plain integration run: the scripted model server, the model's configuration in the
// profile, the chat settings, and the variables that tell the tests where the model is.
// Facts behind each setting: /work/shared/harness/README.md, "A real client".

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startScriptedModel } from './scripted-model.mjs';

export const MODEL_ID = 'scripted-model';

/**
 * Chat settings for a scripted model: tools from extensions on, Copilot's utility requests
 * (progress titles) to the same model, and that model preselected in the chat view.
 * @param {string} modelId
 */
export function chatSettingsFor(modelId) {
  return {
    'chat.extensionTools.enabled': true,
    'chat.byokUtilityModelDefault': 'mainAgent',
    'chat.defaultModel': modelId,
  };
}

/** Chat settings for the run. */
export const REAL_CLIENT_SETTINGS = chatSettingsFor(MODEL_ID);

/**
 * One provider group of chatLanguageModels.json: the Custom Endpoint provider serving one
 * model from the scripted server at `origin`. No apiKey: it is a secret reference there, a
 * plain string would be ignored; the server needs none.
 * @param {{ group: string, id: string, name: string, origin: string }} o
 */
export function customEndpointGroup(o) {
  return {
    name: o.group,
    vendor: 'customendpoint',
    models: [{ id: o.id, name: o.name, url: `${o.origin}/v1/chat/completions`, toolCalling: true, vision: false, maxInputTokens: 128000, maxOutputTokens: 4096 }],
  };
}

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
  const group = customEndpointGroup({ group: 'Scripted', id: MODEL_ID, name: 'Scripted Model', origin: model.url });
  writeFileSync(path.join(userDir, 'chatLanguageModels.json'), `${JSON.stringify([group], null, 2)}\n`);
  return {
    userSettings: REAL_CLIENT_SETTINGS,
    env: { ASE_MODEL_URL: model.url, ASE_MODEL_LOG: o.logFile },
    close: model.close,
  };
}
