"""The glossary's entries, one table (:func:`_terms`): every term's words in the tutorials,
definition, example and the tutorials' uses, in English or put through a catalog."""

from __future__ import annotations

from collections.abc import Callable

from ui.app.glossary.words import Term
from ui.app.i18n import translator

t = translator("glossary")  # the domain scripts/i18n.py extracts _terms' t("…") calls into


_TOY = "low:5 lower:2 newest:6 widest:3"
_HUG = "hug:10 pug:5 pun:12 bun:4 hugs:5"


def _as_written(message: str) -> str:
    return message


def _terms(t: Callable[[str], str]) -> tuple[Term, ...]:
    """Every entry, its definition, example and advice put through ``t``: ``_as_written``
    gives the English of :data:`TERMS`, a catalog's ``gettext`` that language's (the
    ``t("…")`` calls are what ``scripts/i18n.py`` extracts for the ``glossary`` domain)."""
    return (
        Term(
            "corpus",
            "corpus",
            "语料库; 语料 (000, 001)",
            "훈련 데이터 (training data, 003)",
            t(
                "The text a tokenizer learns from, read as a list of distinct words with how often "
                "each occurs (its word counts)."
            ),
            t("The tutorials' toy corpus {toy}: 4 distinct words, 16 in all.").format(toy=_TOY),
            (
                ("000", t("the corpus the merge table is learned on and then applied to")),
                ("001", t("hug:10 pug:5 pun:12 bun:4 hugs:5 for all three algorithms")),
                ("002", t("{toy} as a Python dict of space-separated symbols").format(toy=_TOY)),
                ("003", t("the same {toy}, as a dictionary of words and counts").format(toy=_TOY)),
                ("004", t("low_ lower_ newest_ widest_ with the same counts")),
            ),
            related=("word-count",),
        ),
        Term(
            "word-count",
            "word count",
            "频率; 词频",
            "빈도",
            t(
                "How many times a word occurs in the corpus. A pair's count is the sum of the "
                "counts of the words it occurs in, once per occurrence."
            ),
            t("In low:5 lower:2, the pair l + o occurs 5 + 2 = 7 times."),
            (
                ("002", t("the dict's values: {'l o w </w>': 5, …}")),
                ("003", t("the counts printed next to every pair at every iteration")),
            ),
            related=("corpus", "pair"),
        ),
        Term(
            "step",
            "step",
            "",
            "",
            t(
                "One position of the step player (First / Back / Next / Last, the slider, Play). "
                "On the BPE, byte-level BPE and WordPiece pages step n performs merge n; a last "
                "step may only say why learning stopped. On Gage's page a step is one replacement; "
                "on the Unigram page the seed vocabulary, an EM iteration or a pruning round."
            ),
            t("BPE on the toy corpus with 10 merges: step 3 of 10 is merge 3, est + </w>."),
            (
                ("002", t("prints one line per merge of its loop")),
                ("004", t("prints Merge #1 … Merge #10")),
            ),
            avoid=t(
                "The app writes “step” for the player's position and “merge” for what a BPE or "
                "WordPiece step does, never “step” for a merge table entry."
            ),
            related=("merge", "iteration"),
        ),
        Term(
            "iteration",
            "iteration",
            "迭代",
            "반복",
            t(
                "One round of a loop inside an algorithm: one round of applying merges while "
                "encoding a word, or one round of EM in Unigram training."
            ),
            t(
                "Encoding lowest with the toy merges: iteration 1 merges e + s, iteration 2 es + "
                "t, … until no learned pair is left."
            ),
            (
                ("000", t("每轮迭代合并一对最频繁的符号 (each iteration merges one pair)")),
                ("003", t("Iteration 1, Iteration 2, … printed while learning and while encoding")),
            ),
            avoid=t(
                "Learning merges is counted in merges and steps; “iteration” is kept for encoding "
                "and for EM."
            ),
            related=("step", "em"),
        ),
        Term(
            "merge",
            "merge",
            "合并",
            "병합",
            t(
                "What one BPE or WordPiece learning step does: it picks one pair of neighbouring "
                "symbols and replaces every occurrence by one new symbol, the two glued together. "
                "Merges are numbered in the order they were learned."
            ),
            t("Merge 1 on the toy corpus: e + s → es, so n e w e s t becomes n e w es t."),
            (
                ("000", t("合并最频繁出现的符号对 (merge the most frequent pair)")),
                ("001", t("合并 (##g, ##s) -> ##gs in WordPiece")),
                ("002", t("10 merges, printed in order")),
                ("003", t("병합: 10 merges of the same corpus")),
                ("004", t("Merge #1: ('e', 's') …")),
            ),
            related=("pair", "merge-table", "step"),
        ),
        Term(
            "merge-table",
            "merge table (codes)",
            "合并表 (001); merge table, codes (000)",
            "",
            t(
                "The list of learned merges in the order they were learned: this list is the BPE "
                "model. subword-nmt saves it as a codes file, one merge per line."
            ),
            t("The toy corpus's first three merges: e s, es t, est </w>."),
            (
                ("000", t("merge table: learned, then applied to the corpus (codes)")),
                ("001", t("单词合并表 codec文件: the file learn_bpe writes")),
            ),
            related=("merge", "merge-priority"),
        ),
        Term(
            "pair",
            "pair",
            "字符对; 符号对 (000)",
            "쌍; 글자 쌍",
            t(
                "Two symbols that stand next to each other inside a word. BPE counts every pair in "
                "the corpus and merges the most frequent one."
            ),
            t("In n e w e s t there are 5 pairs: n + e, e + w, w + e, e + s, s + t."),
            (
                ("000", t("符号对: the most frequent pair is merged")),
                ("001", t("字符对 with the most occurrences")),
                ("003", t("글자 쌍 with its count at every iteration")),
            ),
            related=("symbol", "merge", "tie"),
        ),
        Term(
            "symbol",
            "symbol",
            "符号 (000, 004)",
            "",
            t(
                "A unit of a word in the corpus while a tokenizer learns: at first one character "
                "(or byte, or marker), later also what merges glued together."
            ),
            t(
                "Before any merge, newest is n e w e s t </w> (7 symbols); after merge 3 it is "
                "n e w est</w> (4 symbols)."
            ),
            (
                ("000", t("符号词表 (symbol vocabulary): characters plus merged subword units")),
                (
                    "004",
                    t(
                        "每次合并操作都会产生一个代表字符组合的新符号 "
                        "(each merge makes a new symbol)"
                    ),
                ),
            ),
            avoid=t("While learning, the app says “symbol”, not “token” or “piece”."),
            related=("pair", "token", "piece"),
        ),
        Term(
            "alphabet",
            "alphabet",
            "字符词表 (character vocabulary, 000); 初始词表",
            "초기 단어 집합 (the initial vocabulary, 003)",
            t(
                "The distinct single characters (or bytes) of the corpus, plus the marker when it "
                "is a symbol of its own: the vocabulary before any merge. Every learned vocabulary "
                "starts with it."
            ),
            t(
                "The toy corpus: l o w </w> e r n s t i d (11 symbols). Tutorial 001's WordPiece: "
                "b h p ##g ##n ##s ##u (7)."
            ),
            (
                ("000", t("字符词表: letters, other characters and special symbols")),
                ("003", t("l, o, w, e, r, n, s, t, i, d (vocabulary), the list before merging")),
                ("004", t("a–z, _ and [UNK] (28 entries) as the starting vocabulary")),
            ),
            related=("vocabulary", "learned-vocabulary"),
        ),
        Term(
            "marker",
            "marker",
            "结束符 </w> (000); 特殊字符 _ (004)",
            "",
            t(
                "A special text added to words so that a symbol at a word's edge differs from the "
                "same letters inside a word: the end-of-word marker </w> (BPE), _ at the end "
                "(tutorial 004) or at the start (tutorial 003's WordPiece example), ## before "
                "every non-initial piece (WordPiece), ▁ at the start of a word (sentencepiece) "
                "and Ġ for a space (GPT-2's byte-level BPE)."
            ),
            t("est</w> ends a word (newest, widest); est without it sits inside one (estate)."),
            (
                ("000", t("</w> as a separate end symbol")),
                ("001", t("</w> for BPE; ## for WordPiece continuations")),
                ("002", t("</w> as a separate end symbol")),
                ("003", t("</w> for BPE; _ at the start of words in the WordPiece example")),
                ("004", t("_ as an ordinary end character (low_, slowest_)")),
            ),
            related=("alphabet", "symbol"),
        ),
        Term(
            "tie",
            "tie",
            "",
            "",
            t(
                "Two or more pairs share the best count (or score). The algorithm then needs a "
                "rule; the app shows the tied pairs and lets you choose another one."
            ),
            t(
                "Merge 1 on the toy corpus: e + s, s + t and t + </w> all occur 9 times. Tutorial "
                "003 merges e + s (first seen), tutorial 002 s + t."
            ),
            (
                ("002", t("its printed order breaks ties unlike tutorial 003 (s + t first)")),
                ("003", t("ties broken by the first pair met in corpus order")),
            ),
            related=("pair", "merge"),
        ),
        Term(
            "vocabulary",
            "vocabulary",
            "词表 (000, 001, 002, 004); 词汇表 (004); 字典 (001)",
            "단어 집합",
            t(
                "The set of units a tokenizer knows. The app says which one it counts: the "
                "alphabet, the learned vocabulary, the symbols in the corpus, the WordPiece token "
                "list, or the Unigram vocabulary of pieces (starting from its seed vocabulary)."
            ),
            t(
                "After 2 toy merges the learned vocabulary has 11 + 2 = 13 entries, but only 10 "
                "symbols are still in the corpus."
            ),
            (
                ("000", t("符号词表; its size can change by +1, 0 or −1 per merge")),
                ("001", t("Vocabulary: [...] printed after each WordPiece merge")),
                ("003", t("단어 집합 (vocabulary): the growing list printed after each merge")),
                ("004", t("vocabs: the starting list plus one entry per merge")),
            ),
            related=(
                "alphabet",
                "learned-vocabulary",
                "corpus-symbols",
                "token-list",
                "seed-vocabulary",
            ),
        ),
        Term(
            "learned-vocabulary",
            "learned vocabulary",
            "符号词表 (symbol vocabulary, 000)",
            "단어 집합 (vocabulary update, 003)",
            t(
                "A BPE model's vocabulary: the alphabet plus the new symbol of every merge, in "
                "that order. It grows by exactly 1 per merge (unless a merge makes a symbol it "
                "already has). Encoding can produce exactly these tokens."
            ),
            t(
                "The toy corpus: 11 alphabet symbols, then es, est, est</w>, lo, … : 21 after 10 "
                "merges."
            ),
            (
                ("000", t("the paper's “initial size + number of merges”")),
                ("003", t("l, o, w, …, es, est, …: one entry longer after every merge")),
                ("004", t("最终符号词表大小=初始大小+合并操作次数")),
            ),
            related=("vocabulary", "corpus-symbols"),
        ),
        Term(
            "corpus-symbols",
            "symbols in the corpus",
            "词表大小 +1 / +0 / −1 (000)",
            "",
            t(
                "The distinct symbols still present in the corpus after a merge. A merge adds the "
                "new symbol (+1) but a symbol that only ever occurred inside the merged pair "
                "vanishes (−1 for each), so this count changes by +1, 0 or −1, while the learned "
                "vocabulary always grows."
            ),
            t(
                "Merge 1 (e + s): es appears, s vanishes: 11 → 11 (0). Merge 2 (es + t): est "
                "appears, es and t vanish: 11 → 10 (−1)."
            ),
            (
                ("000", t("the three cases +1, +0, −1 and why the paper's formula does not hold")),
                (
                    "001",
                    t("被合并词如果出现频率为0则从词表中摘除 (remove a symbol whose count is 0)"),
                ),
            ),
            related=("vocabulary", "learned-vocabulary"),
        ),
        Term(
            "token-list",
            "token list (WordPiece vocabulary)",
            "词表",
            "단어 집합",
            t(
                "A WordPiece model's vocabulary: the alphabet (with ## forms) plus every merged "
                "token, saved as BERT's vocab.txt, one token per line. WordPiece keeps the list, "
                "not the merges."
            ),
            t("Tutorial 001: b h p ##g ##n ##s ##u, then ##gs after merge 1 and hu after merge 2."),
            (
                ("001", t("与BPE不同的是，wordpiece记录的是词表，而不是单词合并表")),
                ("004", t("vocabs, applied by longest-prefix match")),
            ),
            related=("vocabulary", "longest-match"),
        ),
        Term(
            "token",
            "token",
            "token",
            "토큰",
            t(
                "A unit of the output when a text is encoded: what a language model actually sees. "
                "In BPE and WordPiece the vocabulary's entries are called tokens too, since each "
                "is a possible output."
            ),
            t("Encoding lowest with the toy merges gives 2 tokens: low and est</w>."),
            (
                ("001", t("去掉token后对LOSS影响最小的子词")),
                ("003", t("토큰화 (tokenization); UNK (Unknown Token)")),
            ),
            avoid=t(
                "Inside the corpus during learning the app says “symbol”; in a Unigram "
                "vocabulary, “piece”."
            ),
            related=("symbol", "piece", "encode"),
        ),
        Term(
            "piece",
            "piece",
            "子词 (subword); 词片 (004)",
            "서브워드",
            t(
                "An entry of a Unigram (sentencepiece) vocabulary, with its probability. Encoding "
                "a word with Unigram picks the pieces whose probabilities multiply to the most."
            ),
            t("Tutorial 001's 15 pieces: h u g hu ug p pu n un b bu s hug gs ugs; P(ug) = 20/210."),
            (
                ("000", t("子词 x_i with its probability p(x_i)")),
                ("001", t("初始词表: 15 subwords with counts, total 210")),
            ),
            related=("token", "likelihood", "seed-vocabulary"),
        ),
        Term(
            "subword",
            "subword",
            "子词; 子词单元 (004)",
            "서브워드",
            t(
                "A piece of a word that a tokenizer keeps as one unit: frequent words stay whole, "
                "rare words are split into subwords the tokenizer knows."
            ),
            t("lowest → low + est</w>, although lowest is not in the toy corpus."),
            (
                ("000", t("子词单元 (subword units) for rare words in NMT")),
                ("003", t("서브워드 분리 (subword segmentation)")),
                ("004", t("子词单元 as the answer to the OOV problem")),
            ),
            related=("token", "piece"),
        ),
        Term(
            "segmentation",
            "segmentation",
            "分词",
            "서브워드 분리; 토큰화",
            t(
                "One way of cutting a word into units. BPE and WordPiece give exactly one per "
                "word; Unigram scores every possible segmentation and keeps the most probable."
            ),
            t("hugs can be segmented as hug + s, hu + gs, h + ugs, …"),
            (
                ("000", t("“Hello” has several segmentations: Hell/o, H/ello, He/llo, …")),
                ("001", t("all segmentations of pug with their probabilities")),
            ),
            related=("encode", "lattice"),
        ),
        Term(
            "encode",
            "encode",
            "编码",
            "인코딩",
            t(
                "Turn a text into tokens with a trained model. BPE replays its merges by priority, "
                "WordPiece takes the longest match, Unigram takes the most probable segmentation."
            ),
            t("With the toy merges: loki → lo k i; lowest → low est</w>; highing → h i g h i n g."),
            (
                ("000", t("编码: applying the merge table to a corpus")),
                ("003", t("loki, lowest, lowing, highing encoded iteration by iteration")),
            ),
            related=("decode", "merge-priority", "longest-match"),
        ),
        Term(
            "decode",
            "decode",
            "解码",
            "디코딩",
            t(
                "Turn tokens back into text: join them and turn every marker back into a word "
                "boundary. An [UNK] token cannot be decoded back to what it replaced."
            ),
            t("low + est</w> → lowest."),
            (("000", t("解码: undoing the segmentation")),),
            related=("encode", "unk"),
        ),
        Term(
            "merge-priority",
            "merge priority",
            "",
            "",
            t(
                "How BPE encodes: among the learned pairs present in the word, merge the one "
                "learned first (the lowest merge number), then repeat. The order of the merge "
                "table decides, not the counts."
            ),
            t("lowest: e + s (merge 1) before l + o (merge 4), giving low est</w> in the end."),
            (
                ("000", t("encoding by the merge table's order")),
                ("003", t("encode with merge priority, printed iteration by iteration")),
            ),
            related=("merge-table", "encode"),
        ),
        Term(
            "longest-match",
            "longest match first",
            "贪心策略 (greedy, 004)",
            "",
            t(
                "How WordPiece encodes: from the left, take the longest vocabulary entry that "
                "matches, then continue after it. In BERT's WordPiece one unmatched part turns the "
                "whole word into [UNK]; tutorial 004 only replaces the leftover."
            ),
            t("Tutorial 001: hugs → hu ##gs; bum → [UNK]. Tutorial 004: slowest_ → s low est_."),
            (
                (
                    "000",
                    t("an alternative encoding: the vocabulary sorted by length, longest first"),
                ),
                ("001", t("finds the longest subword that is in the vocabulary")),
                ("004", t("start and end indices, the longest prefix in the vocabulary")),
            ),
            related=("token-list", "unk"),
        ),
        Term(
            "unk",
            "[UNK] (unknown token)",
            "未登录词; 表外词汇 (OOV, 004)",
            "OOV; UNK (단어 집합에 없는 단어)",
            t(
                "The token that stands for what the vocabulary cannot express: a character never "
                "seen in training, or (in WordPiece) a word with a part no entry matches. "
                "Byte-level BPE never needs it."
            ),
            t(
                "Tutorial 001: mhug → [UNK] hug with the merges u + g, h + ug; bum → [UNK] in "
                "WordPiece."
            ),
            (
                ("000", t("<UNK> for n-grams missing from the vocabulary")),
                ("001", t("[UNK] for m in mhug; the whole word bum in WordPiece")),
                ("003", t("OOV (Out-Of-Vocabulary) or UNK (Unknown Token)")),
                ("004", t("[UNK] in the initial vocabulary, for unmatched leftovers")),
            ),
            related=("longest-match", "byte"),
        ),
        Term(
            "likelihood-score",
            "likelihood score",
            "似然 (001: LM似然值)",
            "",
            t(
                "WordPiece's choice of pair: freq(ab) / (freq(a) × freq(b)), the pair's count "
                "divided by the product of its two symbols' counts. High when the two seldom occur "
                "apart."
            ),
            t(
                "Tutorial 001, merge 1: ##g + ##s occurs 5 times, ##g 20 times and ##s 5 times: "
                "5 / (20 × 5) = 1/20, the best score."
            ),
            (
                (
                    "001",
                    t("freq_of_pair / (freq_of_first × freq_of_second), the LM likelihood gain"),
                ),
                ("003", t("WordPiece merges the pair that most raises the corpus likelihood")),
            ),
            related=("merge", "likelihood"),
        ),
        Term(
            "likelihood",
            "likelihood; probability",
            "似然; 概率",
            "우도 (likelihood, 003); 확률",
            t(
                "Unigram gives every piece a probability; a segmentation's probability is the "
                "product of its pieces' probabilities, and the corpus likelihood multiplies the "
                "best segmentations of all words (usually written as a sum of logarithms)."
            ),
            t(
                "Tutorial 001: P(pu, g) = 17/210 × 20/210 = 0.00771 and P(p, u, g) = 17/210 × "
                "36/210 × 20/210 = 0.00132, so pu + g wins."
            ),
            (
                ("000", t("the marginal likelihood L maximised by EM")),
                ("001", t("p(ug) = 20/210; prints 5/210 for p and pu (an erratum: 17/210)")),
                ("003", t("코퍼스의 우도(likelihood)")),
            ),
            related=("piece", "loss", "em"),
        ),
        Term(
            "em",
            "EM (expectation–maximisation)",
            "EM 算法",
            "",
            t(
                "Unigram's way of re-estimating the pieces' probabilities: count how often each "
                "piece is expected to be used over all segmentations, then turn the counts into "
                "probabilities, and repeat."
            ),
            t("Tutorial 001's counts (u: 36 of 210) are the first estimate; EM refines them."),
            (("000", t("EM 算法: p(x_i) as hidden variables, maximising the likelihood")),),
            related=("likelihood", "iteration"),
        ),
        Term(
            "loss",
            "loss (removal loss)",
            "损失值 loss_i (000); LOSS (001)",
            "손실 (loss)",
            t(
                "For a Unigram piece: how much the corpus likelihood drops when that piece is "
                "removed and its words are segmented without it. Pruning removes the pieces with "
                "the smallest loss."
            ),
            t(
                "Removing hug from tutorial 001's vocabulary forces a split (hu + g or h + ug): "
                "the loss is the drop in log-likelihood over hug's and hugs's 15 occurrences."
            ),
            (
                ("000", t("loss_i: how much L drops if x_i is removed")),
                ("001", t("LOSS = sum of −log P(word), weighted by word counts")),
                ("003", t("손실(loss): how much the likelihood drops without a subword")),
            ),
            related=("pruning", "likelihood"),
        ),
        Term(
            "pruning",
            "pruning",
            "",
            "",
            t(
                "A Unigram training round that keeps only the share of pieces with the largest "
                "loss (never single characters) until the vocabulary size is reached."
            ),
            t("Keep 75 %: a 40-piece vocabulary keeps its 30 most useful pieces."),
            (
                ("000", t("keep the top η % of subwords; single characters are always kept")),
                ("001", t("remove p % of the subwords with the smallest loss increase")),
                ("003", t("remove the worst 10–20 % of tokens")),
            ),
            related=("loss", "seed-vocabulary"),
        ),
        Term(
            "seed-vocabulary",
            "seed vocabulary",
            "种子词表 (000); 初始词表 (001)",
            "",
            t(
                "Where Unigram training starts: a vocabulary much bigger than wanted (all "
                "characters plus frequent substrings), which pruning then shrinks."
            ),
            t("Tutorial 001's 15 pieces for hug / pug / pun / bun / hugs."),
            (
                ("000", t("一个足够大的种子词表 (a big enough seed vocabulary)")),
                ("001", t("初始词表 of 15 subwords")),
            ),
            related=("piece", "pruning"),
        ),
        Term(
            "lattice",
            "lattice",
            "",
            "",
            t(
                "Every piece of the vocabulary that fits the word at some position, drawn as a "
                "graph from the word's start to its end; each path through it is one segmentation."
            ),
            t("pug: p, pu, u, ug, g; paths p u g, pu g and p ug."),
            (("000", t("the candidate segmentations S(X) searched by Viterbi")),),
            related=("viterbi", "segmentation"),
        ),
        Term(
            "viterbi",
            "Viterbi (best path)",
            "Viterbi 算法",
            "",
            t(
                "Finds the most probable path through the lattice without listing every "
                "segmentation: the best segmentation of each prefix is built from shorter ones."
            ),
            t("pug: pu + g (0.00771) beats p + u + g (0.00132)."),
            (("000", t("Viterbi 算法 for the best segmentation x*")),),
            related=("lattice", "likelihood"),
        ),
        Term(
            "dropout",
            "BPE-dropout",
            "BPE-dropout",
            "",
            t(
                "While encoding, each merge is skipped with probability p, so the same word is "
                "segmented differently from draw to draw. p = 0 is plain BPE, p = 1 leaves "
                "characters."
            ),
            t(
                "Tutorial 000 (from the paper): u-n-r-e-l-a-t-e-d with some merges dropped ends as "
                "u-n re-l-a-t-e-d instead of BPE's usual result."
            ),
            (("000", t("drop each merge with probability p; the “unrelated” example")),),
            related=("sampling", "merge-priority"),
        ),
        Term(
            "sampling",
            "sampling (subword regularization)",
            "子词正则化; 采样",
            "",
            t(
                "Drawing a segmentation at random, in proportion to its probability (Unigram) or "
                "by dropout (BPE), so a model sees words split in several ways during training."
            ),
            t("Hello: Hell/o, H/ello, He/llo, He/l/l/o, H/el/l/o."),
            (("000", t("子词正则化: one-best and n-best decoding, sampling")),),
            related=("dropout", "likelihood"),
        ),
        Term(
            "byte",
            "byte (byte-level BPE)",
            "字节 (BBPE, 000)",
            "",
            t(
                "Byte-level BPE learns merges over the UTF-8 bytes of the text, so its alphabet is "
                "the 256 bytes and no text is ever unknown."
            ),
            t("é is 2 bytes (C3 A9); 你 is 3 bytes (E4 BD A0)."),
            (("000", t("mentions BBPE")),),
            related=("alphabet", "unk"),
        ),
        Term(
            "joint-bpe",
            "joint BPE",
            "joint BPE",
            "",
            t(
                "One set of merges learned from two corpora at once (e.g. the source and target "
                "languages of a translation), so both are segmented the same way."
            ),
            t("Learning from low / lower and from newest / widest together."),
            (("000", t("joint BPE merges the source and target vocabularies")),),
            related=("merge-table",),
        ),
        Term(
            "gage",
            "compression (Gage 1994)",
            "数据压缩算法 (000)",
            "",
            t(
                "The algorithm BPE grew out of: replace the most frequent pair of a string by a "
                "new symbol, keep a table of replacements, repeat; undo the table to get the text "
                "back."
            ),
            t("aaabdaaabac → ZabdZabac (Z = aa) → ZYdZYac (Y = ab) → XdXac (X = ZY)."),
            (
                ("000", t("a simple data compression algorithm first proposed by Gage")),
                ("003", t("aaabdaaabac step by step")),
            ),
            related=("pair", "merge"),
        ),
    )
