// Lexer and recursive-descent parser for DynamoDB expressions (see syntax.h).
#include "expr/syntax.h"

#include <cstring>

namespace monotable::expr {
namespace {

bool IsAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsWordChar(char c) { return IsAlpha(c) || IsDigit(c) || c == '_'; }

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'a' && x <= 'z') x = static_cast<char>(x - 'a' + 'A');
    if (y >= 'a' && y <= 'z') y = static_cast<char>(y - 'a' + 'A');
    if (x != y) return false;
  }
  return true;
}

// Keywords that can never be attribute names in each grammar: DynamoDB's parser treats them as
// syntax, so using one bare as a name is a syntax error (not a reserved-word error).
constexpr std::string_view kConditionKeywords[] = {"AND", "OR", "NOT", "BETWEEN", "IN"};
constexpr std::string_view kUpdateKeywords[] = {"SET", "REMOVE", "ADD", "DELETE"};

class Parser {
 public:
  Parser(std::string_view text, Grammar grammar, SynTree* tree)
      : text_(text), grammar_(grammar), tree_(tree), toks_(Lex(text)) {}

  bool Run(std::string* error) {
    switch (grammar_) {
      case Grammar::kCondition: {
        int32_t root = ParseOr(false);
        if (ok() && Peek().kind != TokKind::kEof) Fail();
        if (ok()) tree_->roots.push_back(root);
        break;
      }
      case Grammar::kUpdate:
        ParseUpdate();
        break;
      case Grammar::kProjection:
        ParseProjection();
        break;
    }
    if (!ok()) {
      *error = error_;
      return false;
    }
    return true;
  }

 private:
  bool ok() const { return error_.empty(); }
  const Token& Peek(size_t ahead = 0) const {
    size_t i = pos_ + ahead;
    return i < toks_.size() ? toks_[i] : toks_.back();
  }
  std::string_view Text(const Token& t) const { return text_.substr(t.begin, t.end - t.begin); }
  void Advance() {
    if (pos_ + 1 < toks_.size()) ++pos_;
  }
  bool IsPunct(std::string_view p, size_t ahead = 0) const {
    const Token& t = Peek(ahead);
    return t.kind == TokKind::kPunct && Text(t) == p;
  }
  bool IsWord(std::string_view w) const {
    const Token& t = Peek();
    return t.kind == TokKind::kName && EqualsIgnoreCase(Text(t), w);
  }
  bool IsKeyword(const Token& t) const {
    if (t.kind != TokKind::kName) return false;
    std::string_view s = Text(t);
    if (grammar_ == Grammar::kCondition) {
      for (std::string_view k : kConditionKeywords)
        if (EqualsIgnoreCase(s, k)) return true;
    } else if (grammar_ == Grammar::kUpdate) {
      for (std::string_view k : kUpdateKeywords)
        if (EqualsIgnoreCase(s, k)) return true;
    }
    return false;
  }

  // DynamoDB reports the offending token and the text from the previous token to the next one.
  void Fail() {
    if (!ok()) return;
    const Token& cur = Peek();
    std::string tok = cur.kind == TokKind::kEof ? "<EOF>" : std::string(Text(cur));
    uint32_t from = pos_ > 0 ? toks_[pos_ - 1].begin : cur.begin;
    uint32_t to = cur.kind == TokKind::kEof ? (pos_ > 0 ? toks_[pos_ - 1].end : cur.end) : cur.end;
    if (cur.kind != TokKind::kEof && pos_ + 1 < toks_.size() &&
        toks_[pos_ + 1].kind != TokKind::kEof) {
      to = toks_[pos_ + 1].end;
    }
    error_ = "Syntax error; token: \"" + tok + "\", near: \"" +
             std::string(text_.substr(from, to - from)) + "\"";
  }
  void FailWith(std::string message) {
    if (ok()) error_ = std::move(message);
  }
  bool Expect(std::string_view p) {
    if (!IsPunct(p)) {
      Fail();
      return false;
    }
    Advance();
    return true;
  }
  void CountOperator() {
    if (++tree_->operator_count > 300) {
      FailWith("The expression contains too many operators; operator count: " +
               std::to_string(tree_->operator_count));
    }
  }
  bool Enter() {
    if (++depth_ > kMaxNesting) {
      // Hundreds of nested groups: either "((...((" (redundant parentheses, as DynamoDB reports
      // them) or more than 300 operators.
      if (tree_->redundant_parens || (IsPunct("(") && pos_ > 0 && Text(toks_[pos_ - 1]) == "("))
        FailWith("The expression has redundant parentheses;");
      else
        FailWith("The expression contains too many operators; operator count: " +
                 std::to_string(tree_->operator_count < 301 ? 301 : tree_->operator_count));
      return false;
    }
    return true;
  }
  void Leave() { --depth_; }

  int32_t Add(SynNode n) {
    tree_->nodes.push_back(std::move(n));
    return static_cast<int32_t>(tree_->nodes.size() - 1);
  }
  SynNode& Node(int32_t i) { return tree_->nodes[static_cast<size_t>(i)]; }
  bool IsConditionNode(int32_t i) {
    switch (Node(i).kind) {
      case SynKind::kCompare:
      case SynKind::kBetween:
      case SynKind::kIn:
      case SynKind::kAnd:
      case SynKind::kOr:
      case SynKind::kNot:
        return true;
      default:
        return false;
    }
  }
  void Parenthesize(int32_t i) {
    SynNode& n = Node(i);
    // DynamoDB: "((x))" - a parenthesised group whose whole content is another group.
    if (n.parens > 0) tree_->redundant_parens = true;
    if (n.parens < 255) ++n.parens;
  }

  // ---- document paths
  bool AtPathStart() const {
    const Token& t = Peek();
    return (t.kind == TokKind::kName && !IsKeyword(t)) || t.kind == TokKind::kNameRef;
  }
  bool ParseNameElement(SynNode* node) {
    const Token& t = Peek();
    if (!((t.kind == TokKind::kName && !IsKeyword(t)) || t.kind == TokKind::kNameRef)) {
      Fail();
      return false;
    }
    SynPathElement e;
    e.is_ref = t.kind == TokKind::kNameRef;
    e.text = std::string(Text(t));
    node->path.push_back(std::move(e));
    Advance();
    return true;
  }
  int32_t ParsePath() {
    SynNode n;
    n.kind = SynKind::kPath;
    if (!ParseNameElement(&n)) return -1;
    while (ok()) {
      if (IsPunct(".")) {
        Advance();
        if (!ParseNameElement(&n)) return -1;
      } else if (IsPunct("[")) {
        Advance();
        const Token& t = Peek();
        if (t.kind != TokKind::kNumber) {
          Fail();
          return -1;
        }
        SynPathElement e;
        e.is_index = true;
        e.text = std::string(Text(t));
        uint64_t v = 0;
        for (char c : e.text) {
          uint64_t d = static_cast<uint64_t>(c - '0');
          v = v > (UINT64_MAX - d) / 10 ? UINT64_MAX : v * 10 + d;
        }
        e.index = v;
        n.path.push_back(std::move(e));
        Advance();
        if (!Expect("]")) return -1;
      } else {
        break;
      }
    }
    return Add(std::move(n));
  }

  // ---- operands shared by conditions and updates: path, :value, name(args)
  // `strict`: only an operand may follow '(' (function arguments, right-hand sides).
  int32_t ParseOperand(bool strict) {
    const Token& t = Peek();
    if (IsPunct("(")) {
      if (!Enter()) return -1;
      Advance();
      int32_t inner;
      if (strict || grammar_ == Grammar::kUpdate) {
        inner = ParseOperand(true);
      } else {
        inner = ParseOr(true);
      }
      if (inner < 0 || !Expect(")")) return -1;
      Leave();
      Parenthesize(inner);
      return inner;
    }
    if (t.kind == TokKind::kValueRef) {
      SynNode n;
      n.kind = SynKind::kValueRef;
      n.text = std::string(Text(t));
      Advance();
      return Add(std::move(n));
    }
    if (t.kind == TokKind::kName && !IsKeyword(t) && IsPunct("(", 1)) {
      if (!Enter()) return -1;
      SynNode n;
      n.kind = SynKind::kCall;
      n.text = std::string(Text(t));
      Advance();
      Advance();
      CountOperator();
      if (!ok()) return -1;
      while (true) {
        int32_t arg = ParseOperand(true);
        if (arg < 0) return -1;
        n.kids.push_back(arg);
        if (IsPunct(",")) {
          Advance();
          continue;
        }
        if (!Expect(")")) return -1;
        break;
      }
      Leave();
      return Add(std::move(n));
    }
    if (AtPathStart()) return ParsePath();
    Fail();
    return -1;
  }

  // ---- conditions: OR < AND < NOT < predicates
  // `allow_bare`: directly inside '(' in an operand position, a lone operand may be returned if
  // the group closes right after it ("(a) = b").
  int32_t ParseOr(bool allow_bare) {
    int32_t left = ParseAnd(allow_bare);
    if (left < 0) return -1;
    while (ok() && IsWord("OR")) {
      if (!IsConditionNode(left) && Node(left).kind != SynKind::kCall) {
        Fail();
        return -1;
      }
      Advance();
      CountOperator();
      int32_t right = ParseAnd(false);
      if (right < 0) return -1;
      SynNode n;
      n.kind = SynKind::kOr;
      n.kids = {left, right};
      left = Add(std::move(n));
    }
    return ok() ? left : -1;
  }
  int32_t ParseAnd(bool allow_bare) {
    int32_t left = ParseNot(allow_bare);
    if (left < 0) return -1;
    while (ok() && IsWord("AND")) {
      if (!IsConditionNode(left) && Node(left).kind != SynKind::kCall) {
        Fail();
        return -1;
      }
      Advance();
      CountOperator();
      int32_t right = ParseNot(false);
      if (right < 0) return -1;
      SynNode n;
      n.kind = SynKind::kAnd;
      n.kids = {left, right};
      left = Add(std::move(n));
    }
    return ok() ? left : -1;
  }
  int32_t ParseNot(bool allow_bare) {
    int nots = 0;
    while (ok() && IsWord("NOT")) {
      Advance();
      CountOperator();
      ++nots;
    }
    if (!ok()) return -1;
    int32_t inner = ParsePredicate(allow_bare && nots == 0);
    if (inner < 0) return -1;
    for (int i = 0; i < nots; ++i) {
      SynNode n;
      n.kind = SynKind::kNot;
      n.kids = {inner};
      inner = Add(std::move(n));
    }
    return inner;
  }
  bool AtComparator() const {
    return IsPunct("=") || IsPunct("<>") || IsPunct("<") || IsPunct("<=") || IsPunct(">") ||
           IsPunct(">=");
  }
  int32_t ParseRightOperand() { return ParseOperand(true); }
  int32_t ParsePredicate(bool allow_bare) {
    int32_t lhs = ParseOperand(false);
    if (lhs < 0) return -1;
    if (IsConditionNode(lhs)) return lhs;  // a parenthesised condition
    if (AtComparator()) {
      SynNode n;
      n.kind = SynKind::kCompare;
      n.text = std::string(Text(Peek()));
      Advance();
      CountOperator();
      int32_t rhs = ok() ? ParseRightOperand() : -1;
      if (rhs < 0) return -1;
      n.kids = {lhs, rhs};
      return Add(std::move(n));
    }
    if (IsWord("BETWEEN")) {
      Advance();
      CountOperator();
      int32_t lo = ok() ? ParseRightOperand() : -1;
      if (lo < 0) return -1;
      if (!IsWord("AND")) {
        Fail();
        return -1;
      }
      Advance();
      int32_t hi = ParseRightOperand();
      if (hi < 0) return -1;
      SynNode n;
      n.kind = SynKind::kBetween;
      n.kids = {lhs, lo, hi};
      return Add(std::move(n));
    }
    if (IsWord("IN")) {
      Advance();
      CountOperator();
      if (!ok() || !Expect("(")) return -1;
      SynNode n;
      n.kind = SynKind::kIn;
      n.kids.push_back(lhs);
      while (true) {
        int32_t v = ParseRightOperand();
        if (v < 0) return -1;
        n.kids.push_back(v);
        if (IsPunct(",")) {
          Advance();
          continue;
        }
        if (!Expect(")")) return -1;
        break;
      }
      return Add(std::move(n));
    }
    if (Node(lhs).kind == SynKind::kCall) return lhs;  // a function used as a condition
    if (allow_bare && IsPunct(")")) return lhs;
    Fail();
    return -1;
  }

  // ---- UpdateExpression
  void ParseUpdate() {
    if (Peek().kind == TokKind::kEof) {
      Fail();
      return;
    }
    while (ok() && Peek().kind != TokKind::kEof) {
      const Token& t = Peek();
      std::string clause;
      for (std::string_view k : kUpdateKeywords) {
        if (t.kind == TokKind::kName && EqualsIgnoreCase(Text(t), k)) clause = std::string(k);
      }
      if (clause.empty()) {
        Fail();
        return;
      }
      Advance();
      tree_->clauses.push_back(clause);
      while (ok()) {
        int32_t action = -1;
        if (clause == "SET") {
          action = ParseSetAction();
        } else {
          int32_t path = ParsePath();
          if (path < 0) return;
          SynNode n;
          n.kids.push_back(path);
          if (clause == "REMOVE") {
            n.kind = SynKind::kRemove;
          } else {
            n.kind = clause == "ADD" ? SynKind::kAdd : SynKind::kDelete;
            if (Peek().kind != TokKind::kValueRef) {
              Fail();
              return;
            }
            SynNode v;
            v.kind = SynKind::kValueRef;
            v.text = std::string(Text(Peek()));
            Advance();
            n.kids.push_back(Add(std::move(v)));
          }
          n.text = clause;
          action = Add(std::move(n));
        }
        if (action < 0) return;
        tree_->roots.push_back(action);
        if (IsPunct(",")) {
          Advance();
          continue;
        }
        break;
      }
      if (ok() && Peek().kind != TokKind::kEof) {
        // The next thing must start another clause.
        bool is_clause = false;
        for (std::string_view k : kUpdateKeywords)
          if (IsWord(k)) is_clause = true;
        if (!is_clause) Fail();
      }
    }
  }
  int32_t ParseSetAction() {
    int32_t path = ParsePath();
    if (path < 0 || !Expect("=")) return -1;
    int32_t value = -1;
    if (IsPunct("(")) {
      // "(v)", "(a + b)" or "(a) + b".
      if (!Enter()) return -1;
      Advance();
      int32_t inner = ParseSetValue();
      if (inner < 0 || !Expect(")")) return -1;
      Leave();
      Parenthesize(inner);
      SynKind k = Node(inner).kind;
      if ((k != SynKind::kPlus && k != SynKind::kMinus) && (IsPunct("+") || IsPunct("-"))) {
        value = ParseArithmeticTail(inner);
      } else {
        value = inner;
      }
    } else {
      value = ParseSetValue();
    }
    if (value < 0) return -1;
    SynNode n;
    n.kind = SynKind::kSet;
    n.text = "SET";
    n.kids = {path, value};
    return Add(std::move(n));
  }
  int32_t ParseSetValue() {
    int32_t lhs = ParseOperand(true);
    if (lhs < 0) return -1;
    if (IsPunct("+") || IsPunct("-")) return ParseArithmeticTail(lhs);
    return lhs;
  }
  int32_t ParseArithmeticTail(int32_t lhs) {
    SynNode n;
    n.kind = IsPunct("+") ? SynKind::kPlus : SynKind::kMinus;
    n.text = IsPunct("+") ? "+" : "-";
    Advance();
    CountOperator();
    int32_t rhs = ok() ? ParseOperand(true) : -1;
    if (rhs < 0) return -1;
    n.kids = {lhs, rhs};
    return Add(std::move(n));
  }

  // ---- ProjectionExpression
  void ParseProjection() {
    while (ok()) {
      int32_t p = ParsePath();
      if (p < 0) return;
      tree_->roots.push_back(p);
      if (IsPunct(",")) {
        Advance();
        continue;
      }
      if (Peek().kind != TokKind::kEof) Fail();
      return;
    }
  }

  std::string_view text_;
  Grammar grammar_;
  SynTree* tree_;
  std::vector<Token> toks_;
  size_t pos_ = 0;
  int depth_ = 0;
  std::string error_;
};

}  // namespace

std::vector<Token> Lex(std::string_view text) {
  std::vector<Token> out;
  size_t i = 0, n = text.size();
  auto push = [&](TokKind k, size_t b, size_t e) {
    out.push_back(Token{k, static_cast<uint32_t>(b), static_cast<uint32_t>(e)});
  };
  while (i < n) {
    char c = text[i];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      ++i;
      continue;
    }
    size_t b = i;
    if (IsAlpha(c)) {
      while (i < n && IsWordChar(text[i])) ++i;
      push(TokKind::kName, b, i);
    } else if (IsDigit(c)) {
      while (i < n && IsDigit(text[i])) ++i;
      push(TokKind::kNumber, b, i);
    } else if ((c == '#' || c == ':') && i + 1 < n && IsWordChar(text[i + 1])) {
      ++i;
      while (i < n && IsWordChar(text[i])) ++i;
      push(c == '#' ? TokKind::kNameRef : TokKind::kValueRef, b, i);
    } else if (c == '<' && i + 1 < n && (text[i + 1] == '>' || text[i + 1] == '=')) {
      i += 2;
      push(TokKind::kPunct, b, i);
    } else if (c == '>' && i + 1 < n && text[i + 1] == '=') {
      i += 2;
      push(TokKind::kPunct, b, i);
    } else if (std::strchr("()[],.=<>+-", c) != nullptr && c != '\0') {
      ++i;
      push(TokKind::kPunct, b, i);
    } else {
      // One UTF-8 sequence.
      unsigned char u = static_cast<unsigned char>(c);
      size_t len = u < 0x80           ? 1
                   : (u >> 5) == 0x6  ? 2
                   : (u >> 4) == 0xE  ? 3
                   : (u >> 3) == 0x1E ? 4
                                      : 1;
      i = i + len > n ? n : i + len;
      push(TokKind::kUnknown, b, i);
    }
  }
  push(TokKind::kEof, n, n);
  return out;
}

bool ParseSyntax(std::string_view text, Grammar grammar, SynTree* tree, std::string* error) {
  Parser p(text, grammar, tree);
  return p.Run(error);
}

}  // namespace monotable::expr
