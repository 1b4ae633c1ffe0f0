/**
 * Every timing of the spec (sections 4 and 9), under its spec name, unit in the name.
 */

/** Loading screen: progress rises once per tick... */
export const LOADING_TICK_MS = 100;
/** ...by a random whole number of points in this range, inclusive, capped at 100. */
export const LOADING_STEP_MIN_POINTS = 5;
export const LOADING_STEP_MAX_POINTS = 20;
/** Completion is signalled this long after progress reaches 100. */
export const LOADING_COMPLETION_DELAY_MS = 300;

/** The award pop-up opens this long after the home page appears. */
export const AWARD_POPUP_DELAY_MS = 500;

/** Carousel autoplay: one slide every 3 s ("slide duration value 30" in the spec's source). */
export const CAROUSEL_AUTOPLAY_MS = 3000;

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** How long a notification stays on screen. */
export const NOTIFICATION_DURATION_MS = 5000;
/**
 * How long a dismissed notification stays in state before it is removed: the
 * spec's removal delay, NOT the display time (NOTIFICATION_DURATION_MS).
 */
export const NOTIFICATION_REMOVE_DELAY_MS = 1_000_000;
export const NOTIFICATION_LIMIT = 1;
export const NOTIFICATION_SWIPE_THRESHOLD_PX = 50;
export const NOTIFICATION_HOTKEY = ['F8'];
