// The document list on the embedded store (the contract: ../documents-contract.ts).
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.js';
import { tempDir } from '../../helpers/server.js';
import { documentsContract } from '../documents-contract.js';

documentsContract(() => Promise.resolve(SqliteStore.open(tempDir('sg-docs-'))));
