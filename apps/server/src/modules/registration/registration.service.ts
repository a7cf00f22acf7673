import {
  COMPANY_ROLES,
  REGISTRATION_MESSAGES,
  type registerRequestSchema,
  ROLE,
  USER_STATUS,
} from '@airbox/contract';
import type { z } from 'zod';
import { type Db, writeTransaction } from '../../db/database.js';
import { toIso, uniqueViolation } from '../../db/dialect.js';
import type { AuthDeps } from '../auth/auth.service.js';
import { enqueueJob } from '../jobs/jobs.js';
import { hashPassword } from '../users/passwords.js';
import { type CompanyPlacement, findCompanyPlacement } from '../campuses/campuses.repository.js';
import { findHub, hubServesBuilding } from '../hubs/hubs.repository.js';
import { findUserByEmail, findUserNames, insertUser } from '../users/users.repository.js';
import { userColumns } from '../users/users.wire.js';
import { releaseBoxIdReservation } from '../box-ids/box-ids.repository.js';
import { boxIdUnavailable } from '../box-ids/box-ids.service.js';
import { consumeInvitationCode, findInvitationCode, isZipServed } from './registration.repository.js';
import type { InvitationCodeRow } from './registration.table.js';

/** Whether AirBox serves a ZIP code (firstLogin: a visitor checks theirs before signing up). */
export async function servesZip(db: Db, zipCode: string): Promise<boolean> {
  return isZipServed(db, zipCode);
}

export type RegistrationInput = z.output<typeof registerRequestSchema>;

export type RegistrationOutcome = { kind: 'created'; userId: number } | { kind: 'refused'; message: string };

const refused = (message: string): RegistrationOutcome => ({ kind: 'refused', message });

/** A code grants its role while it exists, has not expired and has uses left. */
export function invitationUsable(code: InvitationCodeRow | undefined, now: Date): code is InvitationCodeRow {
  if (!code) return false;
  if (code.expires_at !== null && toIso(code.expires_at) <= now.toISOString()) return false;
  return code.max_uses === null || code.uses < code.max_uses;
}

/**
 * An enterprise sign-up: the request asks for a company role, sends a code, or names a company or
 * campus. It then needs a valid invitation code, which alone decides role and property manager.
 */
function asksForEnterprise(input: RegistrationInput): boolean {
  return (
    input.Activation_code !== '' ||
    (COMPANY_ROLES as readonly number[]).includes(input.role_id) ||
    [input.business_company_id, input.unit_id, input.building_id, input.bc_id, input.bcm_user_id].some((id) => id !== undefined)
  );
}

/**
 * Where an invited newcomer belongs: the code's company if it names one (whatever the request
 * says), else the company the request picked, which must sit on a campus of the code's property
 * manager and agree with every campus, building and unit id the request sends.
 */
async function placementFor(trx: Db, code: InvitationCodeRow, input: RegistrationInput): Promise<CompanyPlacement | string> {
  const companyId = code.company_id ?? input.business_company_id;
  if (companyId === undefined) return REGISTRATION_MESSAGES.company;
  const placement = await findCompanyPlacement(trx, companyId);
  if (!placement || placement.bcm_user_id !== code.bcm_user_id) return REGISTRATION_MESSAGES.companyOutsideInvitation;
  if (code.company_id === null) {
    const sent: [number | undefined, number][] = [
      [input.unit_id, placement.unit_id],
      [input.building_id, placement.building_id],
      [input.bc_id, placement.bc_id],
      [input.bcm_user_id, placement.bcm_user_id],
    ];
    if (sent.some(([requested, actual]) => requested !== undefined && requested !== actual)) {
      return REGISTRATION_MESSAGES.companyOutsideInvitation;
    }
  }
  return placement;
}

/**
 * regist_userInfo: creates an unactivated user (argon2id password), counts one use of the
 * invitation code and queues the activation mail in one write transaction.
 * Role, property manager and company come from the invitation code only; an individual is role 5
 * whatever role_id the request sends. An AirBox ID getBoxid holds for another visitor is refused
 * like a taken one. A unique-constraint race on the e-mail or the AirBox ID
 * gets the same refusal as the check before it.
 */
export async function register(deps: AuthDeps, input: RegistrationInput, visitorHash: string | undefined): Promise<RegistrationOutcome> {
  const now = deps.config.clock();
  const nowIso = now.toISOString();
  const email = input.Email.trim().toLowerCase();
  // Hashed first, so a taken e-mail is refused in about the time a new one is accepted.
  const passwordHash = await hashPassword(input.Password);
  const enterprise = asksForEnterprise(input);

  let outcome: RegistrationOutcome;
  try {
    outcome = await writeTransaction(deps.db, async (trx) => {
      if (await findUserByEmail(trx, email)) return refused(REGISTRATION_MESSAGES.duplicatedEmail);
      if (await boxIdUnavailable(trx, input.BOXID, visitorHash, now)) return refused(REGISTRATION_MESSAGES.boxIdTaken);
      if (!(await findHub(trx, input.lockerUUID))) return refused(REGISTRATION_MESSAGES.hub);

      let role: number = ROLE.customer;
      let company: CompanyPlacement | undefined;
      let code: InvitationCodeRow | undefined;
      if (enterprise) {
        code = input.Activation_code ? await findInvitationCode(trx, input.Activation_code) : undefined;
        if (!invitationUsable(code, now)) return refused(REGISTRATION_MESSAGES.invalidInvitationCode);
        const placement = await placementFor(trx, code, input);
        if (typeof placement === 'string') return refused(placement);
        if (!(await hubServesBuilding(trx, input.lockerUUID, placement.building_id))) return refused(REGISTRATION_MESSAGES.hub);
        role = code.role_id;
        company = placement;
        // Nothing is written before this point, so every refusal above leaves the database as it was.
        if (!(await consumeInvitationCode(trx, code.id, nowIso))) return refused(REGISTRATION_MESSAGES.invalidInvitationCode);
      }

      const userId = await insertUser(trx, {
        role_id: role,
        status: USER_STATUS.notActivated,
        email,
        password_hash: passwordHash,
        ...userColumns(input),
        backup_email: input.Email2.toLowerCase(),
        locker_id: input.lockerUUID,
        notify_by_email: input.emailChoose ? 1 : 0,
        notify_by_text: input.messageChoose ? 1 : 0,
        community: company?.bc_name ?? '',
        membership: null,
        membership_expire: null,
        bcm_user_id: code?.bcm_user_id ?? null,
        business_company_id: company?.company_id ?? null,
        unit_id: company?.unit_id ?? null,
        building_id: company?.building_id ?? null,
        bc_id: company?.bc_id ?? null,
        created_at: nowIso,
        updated_at: nowIso,
        activated_at: null,
      });
      await releaseBoxIdReservation(trx, input.BOXID);
      await enqueueJob(trx, now, 'activation-mail', { userId });
      return { kind: 'created', userId } as const;
    });
  } catch (error) {
    const column = uniqueViolation(error);
    if (column === 'users.email') return refused(REGISTRATION_MESSAGES.duplicatedEmail);
    if (column === 'users.box_id') return refused(REGISTRATION_MESSAGES.boxIdTaken);
    throw error;
  }

  return outcome;
}

export interface InvitationGrant {
  bcm_company_name: string;
  bcm_user_id: number;
  role_id: number;
}

/**
 * businessCampus/verifyCode: what a usable code grants. bcm_company_name is the code's company
 * when it names one, else the property manager's company (its name, or the manager's own name).
 */
export async function verifyInvitation(db: Db, codeText: string, now: Date): Promise<InvitationGrant | undefined> {
  const code = await findInvitationCode(db, codeText);
  if (!invitationUsable(code, now)) return undefined;
  const company = code.company_id === null ? undefined : await findCompanyPlacement(db, code.company_id);
  let name = company?.company_name;
  if (name === undefined) {
    const manager = await findUserNames(db, code.bcm_user_id);
    name = manager?.business_name || `${manager?.first_name ?? ''} ${manager?.last_name ?? ''}`.trim();
  }
  return { bcm_company_name: name, bcm_user_id: code.bcm_user_id, role_id: code.role_id };
}
