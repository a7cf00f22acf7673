import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  BinaryOperationNode,
  Kysely,
  type KyselyPlugin,
  LimitNode,
  OperatorNode,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  SelectQueryNode,
  SqliteDialect,
  type SqliteDatabase as KyselySqliteDatabase,
  type SqliteStatement,
  sql,
  ValueNode,
} from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { AdvertisementsTable } from '../modules/advertisements/advertisements.table.js';
import type {
  BuildingsTable,
  CampusesTable,
  CompaniesTable,
  HubBuildingsTable,
  UnitsTable,
} from '../modules/campuses/campuses.table.js';
import type { BoxIdReservationsTable } from '../modules/box-ids/box-ids.table.js';
import type { CarrierSimulatorObjectsTable } from '../modules/carriers/carrier-simulator.table.js';
import type { CarrierServiceRenamingsTable } from '../modules/carriers/carriers.table.js';
import type { UspsSimulatorFailuresTable, UspsSimulatorPickupsTable } from '../modules/carriers/usps-simulator.table.js';
import type { ContactsTable } from '../modules/contacts/contacts.table.js';
import type { HubsTable } from '../modules/hubs/hubs.table.js';
import type { JobsTable } from '../modules/jobs/jobs.table.js';
import type { MembershipsTable } from '../modules/memberships/memberships.table.js';
import type { MessagesTable } from '../modules/messages/messages.table.js';
import type { OperationsTable } from '../modules/operations/operations.table.js';
import type { PickupsTable, VerifiedAddressesTable } from '../modules/pickups/pickups.table.js';
import type {
  CarrierEventsTable,
  InvoicesTable,
  ShipmentLabelsTable,
  ShipmentsTable,
} from '../modules/shipments/shipments.table.js';
import type { ThirdPartyOrdersTable } from '../modules/third-party-orders/third-party-orders.table.js';
import type { LockerPackagesTable } from '../modules/packages/packages.table.js';
import type { ReturnLabelSendsTable, ShipmentQrCodesTable } from '../modules/shipments/label-returns.table.js';
import type { LabelBatchesTable, LabelBatchRowsTable } from '../modules/shipments/label-batches.table.js';
import type { HubDropOffsTable, HubPickupsTable } from '../modules/shipments/hub-drop-offs.table.js';
import type { PickupExtensionsTable } from '../modules/pickup-extensions/pickup-extensions.table.js';
import type { PickupSharesTable } from '../modules/pickup-shares/pickup-shares.table.js';
import type { UserQrCodesTable } from '../modules/qr-codes/qr-codes.table.js';
import type { VacationHoldsTable } from '../modules/vacation-holds/vacation-holds.table.js';
import type { PaymentOrdersTable, PaymentSimulatorOrdersTable, PaymentSimulatorRefundsTable } from '../modules/payments/payments.table.js';
import type {
  InvitationCodesTable,
  ServedZipsTable,
} from '../modules/registration/registration.table.js';
import type { SavedOrdersTable } from '../modules/saved-orders/saved-orders.table.js';
import type { SavedPackagesTable } from '../modules/saved-packages/saved-packages.table.js';
import type { ScanFormLabelsTable, ScanFormsTable } from '../modules/scan-forms/scan-forms.table.js';
import type { SessionsTable } from '../modules/sessions/sessions.table.js';
import type { SentTextsTable } from '../modules/texts/sent-texts.table.js';
import type { UserTokensTable } from '../modules/tokens/tokens.table.js';
import type { UsersTable } from '../modules/users/users.table.js';
import type { WalletPassesTable, WalletPassLinksTable, WalletPassRegistrationsTable } from '../modules/wallet/wallet.table.js';
import { isSqlite } from './dialect.js';

export interface Database {
  users: UsersTable;
  hubs: HubsTable;
  sessions: SessionsTable;
  user_tokens: UserTokensTable;
  carrier_service_renamings: CarrierServiceRenamingsTable;
  advertisements: AdvertisementsTable;
  locker_packages: LockerPackagesTable;
  pickup_shares: PickupSharesTable;
  hub_drop_offs: HubDropOffsTable;
  hub_pickups: HubPickupsTable;
  pickup_extensions: PickupExtensionsTable;
  vacation_holds: VacationHoldsTable;
  third_party_orders: ThirdPartyOrdersTable;
  campuses: CampusesTable;
  buildings: BuildingsTable;
  units: UnitsTable;
  companies: CompaniesTable;
  hub_buildings: HubBuildingsTable;
  served_zips: ServedZipsTable;
  invitation_codes: InvitationCodesTable;
  box_id_reservations: BoxIdReservationsTable;
  contacts: ContactsTable;
  user_qr_codes: UserQrCodesTable;
  wallet_pass_links: WalletPassLinksTable;
  wallet_passes: WalletPassesTable;
  wallet_pass_registrations: WalletPassRegistrationsTable;
  memberships: MembershipsTable;
  payment_orders: PaymentOrdersTable;
  payment_simulator_orders: PaymentSimulatorOrdersTable;
  payment_simulator_refunds: PaymentSimulatorRefundsTable;
  operations: OperationsTable;
  messages: MessagesTable;
  jobs: JobsTable;
  shipments: ShipmentsTable;
  shipment_labels: ShipmentLabelsTable;
  shipment_qr_codes: ShipmentQrCodesTable;
  return_label_sends: ReturnLabelSendsTable;
  invoices: InvoicesTable;
  label_batches: LabelBatchesTable;
  label_batch_rows: LabelBatchRowsTable;
  saved_orders: SavedOrdersTable;
  saved_packages: SavedPackagesTable;
  carrier_events: CarrierEventsTable;
  carrier_simulator_objects: CarrierSimulatorObjectsTable;
  verified_addresses: VerifiedAddressesTable;
  pickups: PickupsTable;
  scan_forms: ScanFormsTable;
  scan_form_labels: ScanFormLabelsTable;
  usps_simulator_pickups: UspsSimulatorPickupsTable;
  usps_simulator_failures: UspsSimulatorFailuresTable;
  sent_texts: SentTextsTable;
}

/** The database or an open transaction: repositories take either. */
export type Db = Kysely<Database>;

export function isPostgresUrl(url: string): boolean {
  return url.startsWith('postgres://') || url.startsWith('postgresql://');
}

/** How long a PostgreSQL connection may take to open before the call fails (503) instead of waiting on. */
export const PG_CONNECT_TIMEOUT_MS = 5_000;

export interface CreateDatabaseOptions {
  /** Told of a pooled PostgreSQL connection the database closed (a restart, a cut); the pool drops it. */
  onConnectionLost?: (error: Error) => void;
}

/** Kysely over PostgreSQL for a postgres:// URL, else over the SQLite file of `sqlite:/path`. */
export function createDatabase(databaseUrl: string, options: CreateDatabaseOptions = {}): Db {
  if (isPostgresUrl(databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
      // Times written in UTC, which timestamptzAsIso turns into the text SQLite keeps.
      options: '-c TimeZone=UTC',
      types: { getTypeParser: (oid, format) => (oid === TIMESTAMPTZ && format !== 'binary' ? timestamptzAsIso : pg.types.getTypeParser(oid, format)) } as pg.CustomTypesConfig,
    });
    // A connection the database ends (PostgreSQL stopped or restarted) is an 'error' event, which
    // would end the process without a listener: on the pool for an idle connection, on the client
    // itself for one a request holds between two queries (a transaction awaiting something else).
    // That request's next query fails (503); the pool drops the connection and opens new ones
    // when asked: the server carries on once the database is back.
    pool.on('error', (error) => options.onConnectionLost?.(error));
    pool.on('connect', (client) => client.on('error', (error) => options.onConnectionLost?.(error)));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) });
  }
  const file = databaseUrl.slice('sqlite:'.length);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }), plugins: [limitAsExpression] });
}

/**
 * A select's LIMIT given as a value is sent to SQLite as `? + 0` rather than `?`. SQLite reads the
 * value bound to a bare `limit ?` when it prepares the statement, so that binding it again on the
 * next run prepares the statement again: 38 µs for Purchased Labels' page, more than reading its
 * 10 rows (issue 24). An expression is only evaluated, as the LIMIT is in the same plan either way.
 */
const limitAsExpression: KyselyPlugin = {
  transformQuery({ node }) {
    if (!SelectQueryNode.is(node) || !node.limit || !ValueNode.is(node.limit.limit)) return node;
    return { ...node, limit: LimitNode.create(BinaryOperationNode.create(node.limit.limit, OperatorNode.create('+'), ValueNode.createImmediate(0))) };
  },
  transformResult: ({ result }) => Promise.resolve(result),
};

/** PostgreSQL's type id of timestamptz, every module's timestamp column (dialect.ts timestampType). */
const TIMESTAMPTZ = 1184;

/** A timestamptz as PostgreSQL writes it in UTC: '2026-11-28 21:38:00.123+00' (up to 6 digits of a second). */
const PG_UTC = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

const parseDate = pg.types.getTypeParser(TIMESTAMPTZ, 'text') as (value: string) => Date;

/**
 * A timestamptz read as the ISO text SQLite keeps and the repositories hand out (toIso), its
 * milliseconds as Date keeps them, instead of a Date that toIso writes back as that text:
 * parsing and writing it again was 1-2 µs a time, a dozen or more times a list page (issue 24).
 * Anything else PostgreSQL writes (another zone, infinity, a year BC or past 9999) is pg's Date.
 */
function timestamptzAsIso(value: string): string | Date {
  const utc = PG_UTC.exec(value);
  if (!utc) return parseDate(value);
  return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
}

/**
 * How many distinct queries PostgreSQL keeps prepared on each connection. The app runs a few
 * hundred; texts that vary with their data (an IN list's length, a multi-row insert) fill the
 * rest, and past this many a new text runs unnamed, as every query did before.
 */
const NAMED_STATEMENTS = 1000;

/** Only these are prepared by name: the statements PostgreSQL can keep (not begin, commit, DDL). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** A statement kept by name, with what its first run on any connection told of its result's columns. */
interface NamedStatement {
  name: string;
  /** The columns PostgreSQL described (their parsers as pg chose them), and the maker of rows of them. */
  described?: { fields: pg.FieldDef[]; parsers: unknown[]; make: RowMaker } | undefined;
}

/** What a pg.Query holds of its result while it runs (pg's own fields; database-rows.test fails should they change). */
interface QueryInternals {
  _result: { fields: pg.FieldDef[]; _parsers: unknown[] | undefined };
  _accumulateRows: boolean;
  prepare(connection: pg.Connection): void;
}

const sendNothing = () => undefined;

/**
 * A run of a named statement whose result's columns are already known: pg sends Parse (on a
 * connection's first run), Bind, Describe, Execute and Sync for every run of a statement, and reads
 * the description that comes back into a field object and a parser a column, every time. Here the
 * run goes without Describe and reads its rows with the parsers of the statement's first run.
 * PostgreSQL checks the columns itself: a statement whose result changed is refused (planChanged),
 * and runs again under a new name, described afresh.
 */
class DescribedQuery extends pg.Query {
  constructor(config: pg.QueryConfig & { rowMode: 'array'; callback: (error: Error | undefined, result: pg.QueryResult<unknown[]>) => void }, described: NonNullable<NamedStatement['described']>) {
    super(config);
    const internals = this as unknown as QueryInternals;
    internals._result.fields = described.fields;
    internals._result._parsers = described.parsers;
    // pg sets this when the description comes: the rows are kept for the callback.
    internals._accumulateRows = true;
  }

  prepare(connection: pg.Connection): void {
    // pg's own steps, on a view of the connection whose Describe sends nothing.
    (pg.Query.prototype as unknown as QueryInternals).prepare.call(this, Object.create(connection, { describe: { value: sendNothing } }) as pg.Connection);
  }
}

/**
 * The pool with each of the app's queries prepared once per connection by name: PostgreSQL then
 * parses and plans it once (planning cost more than running a page query: 0.3-1.4 ms against
 * 0.2 ms, issue 24), and the connection sends only Bind and Execute, since the statement's first
 * run told its columns (DescribedQuery). A name stands for one text for the process's life, so a
 * connection never sees one name for two statements.
 *
 * Rows come from pg as arrays and are made into objects by a function written for the statement's
 * columns (rowMaker, kept with its name), as SQLite's are: pg's own objects, copied from a template
 * and given each column by name, cost 4-5 µs a row of 30 columns (issue 24).
 */
function withNamedStatements(pool: pg.Pool): PostgresPool {
  const statements = new Map<string, NamedStatement>();
  let names = 0;
  const statementOf = (text: string) => {
    let statement = statements.get(text);
    if (statement === undefined && statements.size < NAMED_STATEMENTS && PREPARABLE.test(text)) {
      statement = { name: `k${names++}` };
      statements.set(text, statement);
    }
    return statement;
  };
  return {
    connect: async () => {
      const client = await pool.connect();
      const run = (statement: NamedStatement | undefined, text: string, values: unknown[] | undefined): Promise<pg.QueryResult<unknown[]>> => {
        const name = statement?.name;
        const described = statement?.described;
        if (!described) return client.query<unknown[]>({ name, text, values, rowMode: 'array' });
        return new Promise((resolve, reject) => {
          const callback = (error: Error | undefined, result: pg.QueryResult<unknown[]>) => (error ? reject(error) : resolve(result));
          client.query(new DescribedQuery({ name, text, values, rowMode: 'array', callback }, described));
        });
      };
      const query = async (text: string, values: readonly unknown[] | undefined) => {
        const statement = statementOf(text);
        const named = statement?.name;
        const inTransaction = client.getTransactionStatus() !== 'I';
        let answer: pg.QueryResult<unknown[]> | pg.QueryResult<unknown[]>[];
        try {
          answer = await run(statement, text, values as unknown[]);
        } catch (error) {
          if (!statement || !planChanged(error)) throw error;
          // A table's columns changed since this connection prepared the text (a migration run
          // beside the portal): PostgreSQL refuses the kept plan of a `select *`. The text takes a
          // new name, which each connection prepares and describes afresh (once, however many
          // connections found it at once), and runs again, unless a transaction holds the
          // connection: the error has ended it, so that call fails with its own error and the
          // next ones run.
          if (statement.name === named) {
            statement.name = `k${names++}`;
            statement.described = undefined;
          }
          if (inTransaction) throw error;
          answer = await run(statement, text, values as unknown[]);
        }
        // Several statements in one text without values (a migration's script) answer each: the last one's rows, as Kysely takes them.
        const result = Array.isArray(answer) ? answer[answer.length - 1]! : answer;
        let make: RowMaker;
        if (statement?.described && statement.name === named) {
          make = statement.described.make;
        } else {
          make = rowMaker(result.fields.map((field: pg.FieldDef) => field.name));
          const parsers = (result as unknown as QueryInternals['_result'])._parsers;
          if (statement && statement.name === named && parsers) statement.described = { fields: result.fields, parsers, make };
        }
        const rows = result.rows.length === 0 ? [] : result.rows.map(make);
        return { command: result.command, rowCount: result.rowCount, rows };
      };
      return {
        // Kysely's two overloads: a text with its values, or a cursor (a stream), which goes as it is.
        query: ((text: unknown, values?: readonly unknown[]) => {
          if (typeof text !== 'string') return client.query(text as Parameters<pg.PoolClient['query']>[0]);
          return query(text, values);
        }) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}

/** PostgreSQL's refusal to run a prepared statement whose result's columns changed since it was prepared ("cached plan must not change result type", in any language). */
function planChanged(error: unknown): boolean {
  return error instanceof pg.DatabaseError && error.code === '0A000' && error.routine === 'RevalidateCachedQuery';
}

/** How many prepared statements a SQLite connection keeps (the app runs a few hundred distinct queries). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * better-sqlite3 with its prepared statements kept by SQL text: Kysely prepares every query it
 * runs, and preparing costs about as much as running a small query. Reusing a statement is safe
 * here: Kysely runs one query at a time on the connection (a stream holds it until it ends), and
 * SQLite prepares a statement again by itself after a schema change.
 */
function withStatementCache(database: SqliteDatabase.Database): KyselySqliteDatabase {
  const statements = new LRUCache<string, SqliteStatement>({ max: STATEMENT_CACHE_SIZE });
  // The schema's version (SQLite counts every change, whichever connection made it: a migration
  // run by a CLI beside the portal, another server on the same file), read before each query.
  const schemaVersion = database.prepare('PRAGMA schema_version').pluck();
  let version: unknown = schemaVersion.get();
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare: (text) => {
      // A statement keeps the columns it was prepared with (withRowsOfArrays): a change of the
      // schema by any connection forgets them all (one cached pragma, about a microsecond).
      const current = schemaVersion.get();
      if (current !== version) {
        statements.clear();
        version = current;
      }
      let statement = statements.get(text);
      if (!statement) {
        statement = withRowsOfArrays(database.prepare(text));
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/**
 * A query's rows read as arrays (better-sqlite3's raw mode) and made into objects here by a
 * function written for the statement's columns (`values => ({ "id": values[0], ... })`): the same
 * rows as better-sqlite3's own objects (the same keys in the same order, a repeated column's last
 * value), made in one step. better-sqlite3 gives its objects one property at a time, and copying a
 * template object then setting each column by name was no better: 10 µs a row of Purchased
 * Labels' 49 columns, 120 µs of its 820 µs a call, against 0.04 µs (issue 24). Statements that
 * return no rows are left as they are.
 */
function withRowsOfArrays(statement: SqliteDatabase.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  const readColumns = () => {
    const columns = statement.columns().map((column) => column.name);
    return { count: columns.length, rowOf: rowMaker(columns) };
  };
  let columns = readColumns();
  const rowOfValues = (values: unknown[]) => {
    // A schema changed between this query's preparing and running (SQLite prepared it again):
    // its values no longer match the names read before.
    if (values.length !== columns.count) columns = readColumns();
    return columns.rowOf(values);
  };
  statement.raw(true);
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(rowOfValues),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters) as IterableIterator<unknown[]>) yield rowOfValues(values);
    },
  };
}

type RowMaker = (values: unknown[]) => Record<string, unknown>;

/** The makers written so far, by their columns: a statement prepared again, or run without a name, finds its maker here. */
const rowMakers = new LRUCache<string, RowMaker>({ max: 500 });

/**
 * The function that makes a row of `columns` from its values, as an object literal with a key per
 * column. Each name is written as a JSON string, so no column name can be anything but a key. A
 * column named __proto__ is left out, as better-sqlite3's objects leave it (a literal's
 * "__proto__" would set the row's prototype; no table of the app has one).
 */
function rowMaker(columns: readonly string[]): RowMaker {
  const key = columns.join('\u0000');
  let make = rowMakers.get(key);
  if (!make) {
    const keys = columns.flatMap((name, i) => (name === '__proto__' ? [] : [`${JSON.stringify(name)}: values[${i}]`]));
    make = new Function('values', `return { ${keys.join(', ')} };`) as RowMaker;
    rowMakers.set(key, make);
  }
  return make;
}

/**
 * Runs `work` in one write transaction. On SQLite it begins IMMEDIATE, so a transaction that
 * reads before it writes takes the write lock first and never fails to upgrade it later.
 */
export async function writeTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (!isSqlite(db)) return db.transaction().execute(work);
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}
