import type { AgentDialect, AgentName } from '../hook-call';
import { claudeCode } from './claude-code';
import { codex } from './codex';
import { copilot } from './copilot';
import { cursor } from './cursor';
import { geminiCli } from './gemini-cli';

export const DIALECTS: Record<AgentName, AgentDialect> = { 'claude-code': claudeCode, codex, cursor, 'gemini-cli': geminiCli, copilot };
