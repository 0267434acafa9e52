// The Demo agent of `npm start`: the scripted model server playing scripts/demo-agent/script.mjs,
// registered in the start profile as the chat model "Demo agent" and preselected, so a
// newcomer's first prompt in agent mode replays the incidents with no account and no network.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startScriptedModel } from '../../test/runner/scripted-model.mjs';
import { chatSettingsFor, customEndpointGroup } from '../../test/runner/real-client-setup.mjs';
import { demoAnswer } from './script.mjs';

/** The model as the chat's model picker and "Manage Language Models" show it. */
export const DEMO_MODEL = { group: 'Agent Safe Edit demo', id: 'demo-agent', name: 'Demo agent' };

/** Reads a JSON file; undefined when absent, `{ error }` when it is not plain JSON (comments). */
function readJson(file) {
  if (!existsSync(file)) return undefined;
  try {
    return { value: JSON.parse(readFileSync(file, 'utf8')) };
  } catch (error) {
    return { error: error.message };
  }
}

/**
 * Points the profile's Demo agent at `origin`, keeping every other model the user added
 * (bring-your-own-key models live in the same file). Returns a problem, or undefined.
 */
export function registerDemoModel(userDataDir, origin) {
  const file = path.join(userDataDir, 'User', 'chatLanguageModels.json');
  const read = readJson(file);
  if (read?.error || (read && !Array.isArray(read.value))) return `${file} is not a JSON array (${read.error ?? typeof read.value}); left as it is`;
  const others = (read?.value ?? []).filter((g) => g?.name !== DEMO_MODEL.group);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify([...others, customEndpointGroup({ ...DEMO_MODEL, origin })], null, 2)}\n`);
  return undefined;
}

/**
 * Adds the chat settings the Demo agent needs to the profile's settings.json, each only when
 * the user has not set it (a user who chose another default model keeps it). Returns a problem,
 * or undefined.
 */
export function addDemoChatSettings(userDataDir) {
  const file = path.join(userDataDir, 'User', 'settings.json');
  const read = readJson(file);
  const wanted = chatSettingsFor(DEMO_MODEL.id);
  if (read?.error || (read && (read.value === null || typeof read.value !== 'object'))) {
    return `${file} could not be read as JSON (${read.error ?? 'not an object'}); add ${JSON.stringify(wanted)} yourself to preselect the Demo agent`;
  }
  const settings = read?.value ?? {};
  const missing = Object.entries(wanted).filter(([key]) => !(key in settings));
  if (missing.length === 0) return undefined;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...settings, ...Object.fromEntries(missing) }, null, 2)}\n`);
  return undefined;
}

/**
 * Starts the Demo agent's server on 127.0.0.1 and registers it in the profile at
 * `userDataDir`. Call before code-server starts (the workbench reads the model list then).
 * @returns {Promise<{ origin: string, problems: string[], close: () => Promise<void> }>}
 */
export async function startDemoAgent(userDataDir) {
  const model = await startScriptedModel({ player: demoAnswer });
  const problems = [registerDemoModel(userDataDir, model.url), addDemoChatSettings(userDataDir)].filter(Boolean);
  return { origin: model.url, problems, close: model.close };
}
