import type { ClockTime } from './parseTimeText.js';

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** pydantic's JSON form of a time: `isoformat()`, a zero offset written `Z`. */
export const formatTime = (time: ClockTime): string => {
  const fraction = time.microsecond === 0 ? '' : `.${pad(time.microsecond, 6)}`;
  let zone = '';
  if (time.offset === 0) zone = 'Z';
  else if (time.offset !== undefined) {
    const minutes = Math.abs(time.offset) / 60;
    zone = `${time.offset < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60), 2)}:${pad(minutes % 60, 2)}`;
  }
  return `${pad(time.hour, 2)}:${pad(time.minute, 2)}:${pad(time.second, 2)}${fraction}${zone}`;
};
