// The database suite on embedded PGlite, what `npm start` uses by default.
import { openDatabase } from '../../supabase/local/db.ts';
import { defineDatabaseSuite } from './database-suite.ts';

defineDatabaseSuite('PGlite', () => openDatabase({ memory: true }));
