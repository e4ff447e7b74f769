import { trusted, type SafeHtml } from '@gw/platform';

const icon = (path: string, extra = ''): SafeHtml =>
  trusted(`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path${extra} d="${path}"/></svg>`);

export const ICONS = {
  lock: icon(
    'M12 1a5 5 0 0 0-5 5v4H6a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-9a2 2 0 0 0-2-2h-1V6a5 5 0 0 0-5-5zm-3 9V6a3 3 0 0 1 6 0v4H9z',
  ),
  clock: icon('M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 10.4 3.5 2-1 1.7L11 13V6h2v6.4z'),
  spinner: icon('M12 2a10 10 0 1 0 10 10h-2.5A7.5 7.5 0 1 1 12 4.5V2z', ' class="spin"'),
  check: icon('M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-1.2 14.2-4-4 1.4-1.4 2.6 2.6 5.6-5.6 1.4 1.4-7 7z'),
  warning: icon('M12 2 1 21h22L12 2zm1 16h-2v-2h2v2zm0-4h-2V9h2v5z'),
  alert: icon('M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-2h2v2zm0-4h-2V7h2v6z'),
};
