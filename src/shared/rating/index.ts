export * from "./elo.js";
export * from "./explain.js";
export * from "./levels.js";
export * from "./scores.js";
export * from "./skill.js";
export * from "./standings.js";
