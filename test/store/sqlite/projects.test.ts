// Projects and builds on the embedded store (the contract: ../projects-contract.ts).
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.js';
import { tempDir } from '../../helpers/server.js';
import { projectsContract } from '../projects-contract.js';

projectsContract(() => Promise.resolve(SqliteStore.open(tempDir('sg-projects-'))));
