/* gen_text.h: the texts of a TTT-Bench question: the paper's question
 * templates (Appendices A and B) with the move narration, the solution
 * line, and the two board drawings of the released dataset. Every
 * function returns a malloc'd string, or NULL when memory ran out. */
#ifndef VP_GEN_TEXT_H
#define VP_GEN_TEXT_H

#include "../engines/ttt.h"
#include "gen_enum.h"

/* The instruction the paper appends when it prompts a model. */
#define GEN_TEXT_BOXED " Let's think step by step and output the final answer within \\boxed{}."

/* Question text for moves[0..n-1] (cells in play order, Alice first). */
char *gen_text_question(const ttt_game *g, const int *moves, int n);
/* Solution line such as "G (Fork with A-D-G & G-H-I) or I (Fork with
 * A-E-I & G-H-I)", naming the winning sets behind each answer. */
char *gen_text_solution(const ttt_game *g, ttt_pos pos, int verdict, ttt_set answers);
/* The board with every cell's letter. */
char *gen_text_board_labels(const ttt_game *g);
/* The current board: white stones as "○", black as "●", empty as ".". */
char *gen_text_board(const ttt_game *g, ttt_pos pos);

#endif
