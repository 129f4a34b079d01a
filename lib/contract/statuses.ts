/** Task statuses with the tag colour the spec gives each (spec 01 §4). */
export const taskStatusCatalogue = [
  { id: 1, status: 'pending', color: 'blue' },
  { id: 2, status: 'in progress', color: 'orange' },
  { id: 3, status: 'paused', color: 'violet' },
  { id: 4, status: 'completed', color: 'green' },
  { id: 5, status: 'cancelled', color: 'red' },
] as const;

export const TaskStatus = { pending: 1, inProgress: 2, paused: 3, completed: 4, cancelled: 5 } as const;

/** Billing statuses and their tag colours; new tasks start at 1. */
export const billingStatusCatalogue = [
  { id: 1, status: 'pending', color: 'blue' },
  { id: 2, status: 'not invoiceable', color: 'violet' },
  { id: 3, status: 'invoiced', color: 'lime' },
  { id: 4, status: 'cancelled', color: 'gray' },
] as const;

export const BillingStatus = { pending: 1, notInvoiceable: 2, invoiced: 3, cancelled: 4 } as const;
