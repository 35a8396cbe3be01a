/** The translations domain's public face: nothing other domains call; its route is its use. */
export {};
