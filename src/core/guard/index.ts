/** The agent-steering memory: failure counters, loop and repetition detection, corrective messages. */
export * from './callTypes';
export * from './correctiveInstruction';
export * from './emitter';
export * from './events';
export * from './guardState';
export * from './inputShapes';
export * from './messages';
export * from './repetition';
export * from './settings';
export * from './toolNames';
