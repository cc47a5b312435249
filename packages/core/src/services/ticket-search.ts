import type { TicketSearchParams } from "../domain/list-query";
import type { TicketFilter } from "../storage";

/** The filter of a ticket or request search: free text, statuses and a custom field value, each when given. */
export function searchFilter(params: Pick<TicketSearchParams, "query" | "status" | "fieldvalue">): Pick<TicketFilter, "text" | "statuses" | "fieldValue"> {
  const filter: Pick<TicketFilter, "text" | "statuses" | "fieldValue"> = {};
  if (params.query) filter.text = params.query;
  if (params.status) filter.statuses = params.status;
  if (params.fieldvalue) filter.fieldValue = params.fieldvalue;
  return filter;
}
