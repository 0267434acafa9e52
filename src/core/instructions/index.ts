/** Text templates the extension writes into a workspace to teach agents our tools. */
export * from './agentInstructions';
export * from './customAgent';
export * from './toolList';
