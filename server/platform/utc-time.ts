/** A time as the staff desk and its e-mails show it everywhere: "2026-11-27 14:05 UTC". */
export const utcMinute = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
