/**
 * The Redis scripts, each its declaration (coordinator.ts, answers.ts) with its Lua
 * (coordinator-lua.ts, answers-lua.ts): CONTRIBUTING.md, "Adding a Redis script".
 */
import { ANSWER_SCRIPTS, ANSWERS_FAMILY } from './answers';
import { ANSWERS_LUA, ANSWERS_PRELUDE } from './answers-lua';
import { COORDINATOR_FAMILY, COORDINATOR_SCRIPTS } from './coordinator';
import { COORDINATOR_LUA, COORDINATOR_PRELUDE } from './coordinator-lua';
import { scriptsOf, type ArgsOf, type KeysOf, type OwnReplyOf, type ReplyOf, type Script } from './declare';

export { keyList } from './declare';

/** The coordinator's scripts, by name. */
export const COORDINATOR = scriptsOf(COORDINATOR_FAMILY, COORDINATOR_SCRIPTS, COORDINATOR_PRELUDE, COORDINATOR_LUA);
/** The answer store's scripts, by name. */
export const ANSWERS = scriptsOf(ANSWERS_FAMILY, ANSWER_SCRIPTS, ANSWERS_PRELUDE, ANSWERS_LUA);

type CoordinatorFamily = typeof COORDINATOR_FAMILY;
type CoordinatorDeclarations = typeof COORDINATOR_SCRIPTS;
/** The name of a coordinator's script. */
export type CoordinatorScriptName = keyof CoordinatorDeclarations;
/** A coordinator's script. */
export type CoordinatorScript<N extends CoordinatorScriptName> = Script<CoordinatorFamily, CoordinatorDeclarations[N]>;
/** The arguments of a coordinator's script (after the family's). */
export type CoordinatorArgs<N extends CoordinatorScriptName> = ArgsOf<CoordinatorDeclarations[N]['args']>;
/** The family's arguments every coordinator's script begins with. */
export type CoordinatorCommonArgs = ArgsOf<CoordinatorFamily['common']>;
/** A coordinator's script's reply, `late` and `lost` included. */
export type CoordinatorReply<N extends CoordinatorScriptName> = ReplyOf<CoordinatorFamily, CoordinatorDeclarations[N]>;
/** A coordinator's script's reply once `late` and `lost` are errors. */
export type CoordinatorOwnReply<N extends CoordinatorScriptName> = OwnReplyOf<CoordinatorFamily, CoordinatorDeclarations[N]>;

type AnswersFamily = typeof ANSWERS_FAMILY;
type AnswerDeclarations = typeof ANSWER_SCRIPTS;
/** The name of an answer store's script. */
export type AnswerScriptName = keyof AnswerDeclarations;
/** The arguments of an answer store's script (after the prefix and digest). */
export type AnswerArgs<N extends AnswerScriptName> = ArgsOf<AnswerDeclarations[N]['args']>;
/** An answer store's script's reply. */
export type AnswerReply<N extends AnswerScriptName> = ReplyOf<AnswersFamily, AnswerDeclarations[N]>;
/** The keys of an answer store's script, by name. */
export type AnswerKeys = KeysOf<AnswersFamily>;
