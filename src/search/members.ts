// A search request body -> the filter input GET list calls take, so one compiler (compileWhere) decides what every
// member means. Search members are the plural of the list parameters (germplasmDbIds -> germplasmDbId,
// studyTypes -> studyType, germplasmPUIs -> germplasmPUI, emailAddresses -> emailAddress); an array means any of its values, members AND.
import { BadRequestError } from '../errors.js';
import { checkPageSize } from '../entities/paging.js';
import type { Paging } from '../http/types.js';

export interface SearchInput {
  /** Filter name -> value(s), ready for compileWhere. */
  input: Record<string, unknown>;
  /** Members that name no filter of this search (reported with a WARNING). */
  ignored: string[];
  /** page / pageSize of the body (used by the immediate style). */
  paging: Partial<Paging>;
}

/** The list parameter a search member stands for, among `accepted` names, or undefined. */
export function memberName(member: string, accepted: ReadonlySet<string>): string | undefined {
  const candidates = [member, member.replace(/ies$/, 'y'), member.replace(/sses$/, 'ss'), member.replace(/s$/, '')];
  return candidates.find((name) => accepted.has(name));
}

export function searchInput(body: Record<string, unknown>, accepted: ReadonlySet<string>, maxPageSize: number): SearchInput {
  const input: Record<string, unknown> = {};
  const ignored: string[] = [];
  const paging: Partial<Paging> = {};
  for (const [member, value] of Object.entries(body)) {
    if (member === 'pageToken' && value !== null && value !== undefined) {
      // Token-paged searches (variants, calls): a token is a page number (modules/genotyping/paging.ts).
      if (typeof value !== 'string' || !/^\d+$/.test(value)) throw new BadRequestError(`pageToken must be a page number; got ${JSON.stringify(value)}.`);
      paging.page ??= Number(value);
      continue;
    }
    if (member === 'page' || member === 'pageSize') {
      if (value === undefined || value === null) continue;
      if (!Number.isSafeInteger(value) || (value as number) < 0) throw new BadRequestError(`${member} must be a non-negative integer.`);
      if (member === 'pageSize') checkPageSize(value as number, maxPageSize);
      paging[member] = value as number;
      continue;
    }
    const name = memberName(member, accepted);
    if (name === undefined) ignored.push(member);
    else if (value !== null && value !== undefined) input[name] = value;
  }
  return { input, ignored, paging };
}
