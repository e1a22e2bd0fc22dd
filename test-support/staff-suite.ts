import { afterAll, beforeAll, beforeEach } from "vitest";
import type { AppOptions } from "../server/app";
import { truncateAll, type Database, type LeadsDatabase } from "../server/db/db";
import { truncateStaff } from "../server/staff/auth";
import type { StaffDeskOptions } from "../server/staff/desk";
import type { StaffRole } from "../server/staff/roles";
import type { StudioOptions } from "../server/studio/studio";
import type { StudioStorageSettings } from "../studio/storage";
import { openTestDatabase, type Driver } from "./databases";
import { addTestAccount, startStaffServer, type TestBrowser } from "./staff";

export type StaffServer = Awaited<ReturnType<typeof startStaffServer>>;

/** What startStaffServer is given besides the database: the desk's options, the studio's storage, the app's options. */
export type StaffSuiteOptions = {
  desk?: Partial<StaffDeskOptions>;
  studioStorage?: StudioStorageSettings;
  app?: Partial<AppOptions>;
  /** More of the studio's options (the published tree of decision 0159, the publishing status and preview the studio reports). */
  studio?: Partial<Pick<StudioOptions, "publishedContentDir" | "publishState" | "preview">>;
};

/**
 * The staff desk for the tests of one describe block: a new database on `driver` and the app on a
 * loopback port (startStaffServer), made before its first test and closed after its last; leads and
 * accounts emptied before each test. `options` may be a function, called then with the database.
 *
 * `leads` and `server` stand for the database and server made then: read them inside tests and hooks.
 * `signedIn(role)` adds `<role>@example.com` and resolves to a browser signed in as it.
 */
export function staffSuite(driver: Driver, options: StaffSuiteOptions | ((db: Database) => StaffSuiteOptions | Promise<StaffSuiteOptions>) = {}) {
  let database: LeadsDatabase | undefined;
  let started: StaffServer | undefined;
  const made = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("staffSuite: the database and server exist from its beforeAll on: read them inside tests and hooks");
    return value;
  };

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    const { desk, studioStorage, app, studio } = typeof options === "function" ? await options(database.db) : options;
    started = await startStaffServer(database.db, desk, studioStorage, app, undefined, studio);
  }, 120_000);
  afterAll(async () => {
    await started?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await truncateAll(made(database).db);
    await truncateStaff(made(database).db);
  });

  const leads: Pick<LeadsDatabase, "db"> = {
    get db() {
      return made(database).db;
    },
  };
  const server: Pick<StaffServer, "url" | "contentDir" | "staff" | "routes" | "browser"> = {
    get url() {
      return made(started).url;
    },
    get contentDir() {
      return made(started).contentDir;
    },
    get staff() {
      return made(started).staff;
    },
    get routes() {
      return made(started).routes;
    },
    browser: (init) => made(started).browser(init),
  };
  async function signedIn(role: StaffRole, init?: Parameters<StaffServer["browser"]>[0]): Promise<TestBrowser> {
    await addTestAccount(leads.db, role);
    const browser = server.browser(init);
    await browser.signIn(`${role}@example.com`);
    return browser;
  }
  return { leads, server, signedIn };
}
