import { createStore } from 'jotai';

/**
 * The app's one jotai store. Code outside React (the service-worker bridge, the
 * request helper's callers) writes to it; <Provider store={appStore}> reads it.
 */
export const appStore = createStore();
