import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { horizonEnd } from '../../../shared/availability';
import { isIsoDate, todayInAccra } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import { CLOCK_TIME_REGEX } from '../../../shared/schemas/branches';
import { HttpError } from '../../http-errors';
import type { BranchFacts } from '../branches/branches.repository';

const m = messages.booking;

/** The API's `errors`: messages by field. */
export type FieldErrors = Record<string, string[]>;

/** What the rules below read of a create, quote or change; a field that failed is absent. */
export interface RuleFacts {
  start_date?: string;
  end_date?: string;
  pickup_time?: string;
  return_time?: string;
  delivery_address?: string | null;
}

/** Delivery is offered only from branches in Accra's town (PRICE-4). */
export const deliversInTown = (branch: Pick<BranchFacts, 'town'>) =>
  branch.town.trim().toLowerCase() === 'accra';

const add = (errors: FieldErrors, field: string, message: string) => {
  const list = (errors[field] ??= []);
  if (!list.includes(message)) list.push(message);
};

/**
 * The rules only the server can check, as it knows the car's branch and today's date: the
 * times within the branch's hours (BOOK-16), delivery only in Accra (PRICE-4) and the 180-day
 * horizon (LIMIT-14). Every failing field at once (BOOK-20); `branch` may be unknown (the car
 * id itself was wrong), and then only the horizon is checked.
 */
export function bookingRuleErrors(
  f: RuleFacts,
  branch: Pick<BranchFacts, 'opens' | 'closes' | 'town'> | undefined,
  today: string = todayInAccra(),
): FieldErrors {
  const errors: FieldErrors = {};
  if (f.start_date && f.start_date > horizonEnd(today)) add(errors, 'start_date', m.tooFarAhead);
  if (branch) {
    const within = (t: string) => t >= branch.opens && t <= branch.closes;
    if (f.pickup_time && !within(f.pickup_time))
      add(errors, 'pickup_time', m.pickupOutsideHours(branch.opens, branch.closes));
    if (f.return_time && !within(f.return_time))
      add(errors, 'return_time', m.returnOutsideHours(branch.opens, branch.closes));
    if (f.delivery_address && !deliversInTown(branch))
      add(errors, 'delivery_address', m.deliveryOutsideAccra);
  }
  if (
    f.start_date &&
    f.start_date === f.end_date &&
    f.pickup_time &&
    f.return_time &&
    f.return_time <= f.pickup_time
  )
    add(errors, 'return_time', m.returnBeforePickup);
  return errors;
}

/** Throws the rules' 422, if any rule failed. */
export function assertBookingRules(...args: Parameters<typeof bookingRuleErrors>) {
  const errors = bookingRuleErrors(...args);
  if (Object.keys(errors).length) throw new HttpError(422, messages.http.validation, errors);
}

/** The fields of a raw body or query that are well formed, each on its own. */
export function lenientFacts(raw: unknown): RuleFacts & { car_id?: number } {
  if (!raw || typeof raw !== 'object') return {};
  const r = raw as Record<string, unknown>;
  const date = (v: unknown) =>
    typeof v === 'string' && isIsoDate(v.trim()) ? v.trim() : undefined;
  const time = (v: unknown, fallback?: string) =>
    v === undefined
      ? fallback
      : typeof v === 'string' && CLOCK_TIME_REGEX.test(v.trim())
        ? v.trim()
        : undefined;
  const carId = Number(typeof r.car_id === 'string' ? r.car_id.trim() : r.car_id);
  const address = typeof r.delivery_address === 'string' ? r.delivery_address.trim() : '';
  return {
    car_id: Number.isInteger(carId) && carId > 0 ? carId : undefined,
    start_date: date(r.start_date),
    end_date: date(r.end_date),
    pickup_time: time(r.pickup_time, '09:00'),
    return_time: time(r.return_time, '09:00'),
    delivery_address: address || null,
  };
}

/** A zod failure as the API's field errors (the error handler's grouping). */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    add(errors, issue.path.length ? issue.path.map(String).join('.') : '_', issue.message);
  }
  return errors;
}

/**
 * A preValidation hook for create and quote (BOOK-20): when one of the server's rules fails,
 * it answers one 422 with those and every failure of the schema together. When none fails,
 * the schema's own validation follows as usual, and its 422 is then already complete.
 */
export function gatherRuleErrors(
  schema: z.ZodType,
  source: 'body' | 'query',
  branchOf: (carId: number) => Promise<BranchFacts | undefined>,
) {
  return async (request: FastifyRequest) => {
    const raw = source === 'body' ? request.body : request.query;
    const facts = lenientFacts(raw);
    const branch = facts.car_id === undefined ? undefined : await branchOf(facts.car_id);
    const ruleErrors = bookingRuleErrors(facts, branch);
    if (!Object.keys(ruleErrors).length) return;
    const parsed = schema.safeParse(raw);
    const errors = parsed.success ? {} : zodFieldErrors(parsed.error);
    for (const [field, list] of Object.entries(ruleErrors))
      for (const message of list) add(errors, field, message);
    throw new HttpError(422, messages.http.validation, errors);
  };
}
