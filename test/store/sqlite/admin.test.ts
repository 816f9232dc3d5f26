// Tokens and audit log on the embedded store (the contract: ../admin-contract.ts).
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.js';
import { tempDir } from '../../helpers/server.js';
import { adminContract } from '../admin-contract.js';

adminContract(() => Promise.resolve(SqliteStore.open(tempDir('sg-admin-'))));
