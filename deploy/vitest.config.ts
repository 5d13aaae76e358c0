import { nodeProject } from '../vitest.node-project.js';

// The restore drill starts the built services and restores a backup.
export default nodeProject('deploy', { test: { testTimeout: 120_000, hookTimeout: 120_000 } });
