// Deleting a document from the embedded store (the contract: ../delete-contract.ts).
import { tempDir } from '../../helpers/server.js';
import { deleteContract } from '../delete-contract.js';

deleteContract(() => Promise.resolve(tempDir('sg-delete-')));
