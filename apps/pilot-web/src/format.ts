/** Minutes as `h:mm`, the way a logbook writes time. */
export function hoursMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  return `${h}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A time field as a pilot types it, `h:mm` or plain minutes, in minutes; '' is 0; anything else null. */
export function parseTime(text: string): number | null {
  const value = text.trim();
  if (value === '') return 0;
  const hm = /^(\d{1,6}):([0-5]\d)$/.exec(value);
  if (hm) return Number(hm[1]) * 60 + Number(hm[2]);
  return /^\d{1,7}$/.test(value) ? Number(value) : null;
}

export function dateTime(iso: string): string {
  return (
    new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) +
    ' UTC'
  );
}

/** Today as `YYYY-MM-DD` in UTC, as the API reads dates. */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Saves a Blob as a file the browser downloads. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
