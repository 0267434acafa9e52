import * as vscode from 'vscode';

import type { UserPrompt } from '../../engine/host';

export type { UserPrompt };

/** What a prompt showed and what was answered (undefined = dismissed), kept in test mode. */
export interface PromptRecord {
  message: string;
  detail: string;
  choices: string[];
  answer: string | undefined;
}

const MAX_RECORDS = 50;

/**
 * The one way the extension asks the user a modal yes/no question (sensitive-file consent,
 * risky execute_program arguments, destructive commands). In the extension's test mode only,
 * a stub can answer for the user — "allow" picks the `yes` choice when it is offered, else the
 * first choice (as a user who wants to allow would: e.g. "Review Diff…" first) — and every
 * prompt is recorded so tests can check what the user was shown.
 */
export class UserPrompter {
  private stub: 'allow' | 'deny' | undefined;
  private readonly records: PromptRecord[] = [];

  constructor(private readonly testMode: boolean) {}

  setAnswerForTests(answer: 'allow' | 'deny' | undefined): void {
    if (!this.testMode) return;
    this.stub = answer;
    this.records.length = 0;
  }

  hasAnswerForTests(): boolean {
    return this.testMode && this.stub !== undefined;
  }

  recordsForTests(): PromptRecord[] {
    return this.testMode ? this.records.map((r) => ({ ...r, choices: [...r.choices] })) : [];
  }

  async ask(prompt: UserPrompt): Promise<string | undefined> {
    let answer: string | undefined;
    if (this.testMode && this.stub !== undefined) {
      answer = this.stub === 'deny' ? undefined : prompt.choices.includes(prompt.yes) ? prompt.yes : prompt.choices[0];
    } else {
      answer = await vscode.window.showWarningMessage(prompt.message, { modal: true, detail: prompt.detail }, ...prompt.choices);
    }
    if (this.testMode) {
      this.records.push({ message: prompt.message, detail: prompt.detail, choices: [...prompt.choices], answer });
      if (this.records.length > MAX_RECORDS) this.records.shift();
    }
    return answer;
  }
}
