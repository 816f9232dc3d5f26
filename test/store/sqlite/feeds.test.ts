// Feeds on the embedded store (the contract: ../feeds-contract.ts).
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.js';
import { tempDir } from '../../helpers/server.js';
import { feedsContract } from '../feeds-contract.js';

feedsContract(() => Promise.resolve(SqliteStore.open(tempDir('sg-feeds-'))));
