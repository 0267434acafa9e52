// The Demo agent's registration in the start profile keeps what the user set there: other
// models (bring-your-own-key ones live in the same file), and chat settings they chose.
// Run by `npm run test:unit`.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_MODEL, addDemoChatSettings, registerDemoModel } from './setup.mjs';

describe('Demo agent registration (npm start profile)', () => {
  let dir;
  const file = (name) => path.join(dir, 'User', name);
  const read = (name) => JSON.parse(readFileSync(file(name), 'utf8'));
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ase-demo-setup-'));
    mkdirSync(path.join(dir, 'User'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('points the Demo agent at the new port and keeps the user\'s own models', () => {
    const own = { name: 'My Ollama', vendor: 'customendpoint', models: [{ id: 'qwen', url: 'http://127.0.0.1:11434/v1/chat/completions' }] };
    writeFileSync(file('chatLanguageModels.json'), JSON.stringify([own]));
    assert.equal(registerDemoModel(dir, 'http://127.0.0.1:1111'), undefined);
    assert.equal(registerDemoModel(dir, 'http://127.0.0.1:2222'), undefined);
    const groups = read('chatLanguageModels.json');
    assert.deepEqual(groups[0], own);
    assert.equal(groups.length, 2, 'one Demo agent entry, replaced, not added again');
    assert.equal(groups[1].name, DEMO_MODEL.group);
    assert.deepEqual(groups[1].models.map((m) => [m.id, m.name, m.url]), [[DEMO_MODEL.id, DEMO_MODEL.name, 'http://127.0.0.1:2222/v1/chat/completions']]);
  });

  it('leaves a model list it cannot parse alone, and says so', () => {
    writeFileSync(file('chatLanguageModels.json'), '[ // mine\n]');
    assert.match(registerDemoModel(dir, 'http://127.0.0.1:1111'), /not a JSON array/);
    assert.equal(readFileSync(file('chatLanguageModels.json'), 'utf8'), '[ // mine\n]');
  });

  it('adds only the chat settings the user has not set', () => {
    writeFileSync(file('settings.json'), JSON.stringify({ 'editor.tabSize': 2, 'chat.defaultModel': 'my-model' }));
    assert.equal(addDemoChatSettings(dir), undefined);
    const settings = read('settings.json');
    assert.equal(settings['chat.defaultModel'], 'my-model');
    assert.equal(settings['editor.tabSize'], 2);
    assert.equal(settings['chat.byokUtilityModelDefault'], 'mainAgent');
    assert.equal(settings['chat.extensionTools.enabled'], true);
  });

  it('preselects the Demo agent in a profile without settings', () => {
    assert.equal(addDemoChatSettings(dir), undefined);
    assert.equal(read('settings.json')['chat.defaultModel'], DEMO_MODEL.id);
  });
});
