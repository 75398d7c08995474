/** Today's UTC date, `YYYY-MM-DD`: the flight rules refuse dates after tomorrow. */
export const todayUtc = (): string => new Date().toISOString().slice(0, 10);
