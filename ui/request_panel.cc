// Request panel (see request_panel.h): drawing only; every rule of the form is request_form's.
#include "ui/request_panel.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "imgui.h"
#include "imgui_stdlib.h"
#include "ui/request_codegen.h"
#include "ui/request_form.h"
#include "ui/theme.h"
#include "ui/widgets.h"

namespace monotable::ui {
namespace {

bool InputLine(const char* label, std::string* value, const char* hint = "") {
  ImGui::SetNextItemWidth(-1);
  bool changed = ImGui::InputTextWithHint(label, hint, value);
  TrackItem(label);
  return changed;
}

// Label to the left of a full-width field, aligned in a column.
void FieldLabel(const char* text, float width) {
  ImGui::AlignTextToFramePadding();
  MutedText("%s", text);
  ImGui::SameLine(width);
}

// A row of options after a FieldLabel that wraps where the panel is narrow (a phone: the touch
// sized Limit and check boxes do not fit in one line at 320-390 CSS px); a wrapped option starts
// under the first, in the field column.
class OptionRow {
 public:
  OptionRow() : column_(ImGui::GetCursorPosX()) {}
  // Before every option but the first: on this line if `width` fits, else on the next.
  void Next(float width) {
    if (!FlowSameLine(width)) ImGui::SetCursorPosX(column_);
  }
  // The width of a check box with its label.
  static float CheckboxWidth(const char* label) {
    const float box = std::max(ImGui::GetFrameHeight(), TouchTargetHeight());
    return box + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x;
  }
  // Limit: an InputInt wide enough for five digits beside its - and + buttons, then its label.
  static float LimitFieldWidth() {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float button = std::max(ImGui::GetFrameHeight(), TouchTargetHeight());
    return ImGui::CalcTextSize("00000").x + style.FramePadding.x * 2 +
           (button + style.ItemInnerSpacing.x) * 2;
  }

 private:
  float column_;
};

// The Limit field (0: none). True when it changed.
bool LimitField(int* limit) {
  ImGui::SetNextItemWidth(OptionRow::LimitFieldWidth());
  const bool changed = ImGui::InputInt("Limit", limit);
  TrackItem("Limit");
  if (changed && *limit < 0) *limit = 0;
  return changed;
}

// Limit and ConsistentRead. True when something changed.
bool DrawPartiQLForm(RequestPanelState* s, float label_width) {
  const Fonts& fonts = CurrentFonts();
  const Palette& palette = CurrentPalette();
  bool changed = false;
  if (s->statements.empty()) s->statements.push_back({});
  const bool single = s->operation == "ExecuteStatement";
  int remove = -1;
  const float lines = single ? 3.2f : 2.2f;
  for (size_t i = 0; i < s->statements.size(); ++i) {
    PartiQLStatement& st = s->statements[i];
    ImGui::PushID(static_cast<int>(i));
    if (!single) {
      MutedText("Statement %d", static_cast<int>(i + 1));
      if (s->statements.size() > 1) {
        ImGui::SameLine();
        if (ImGui::SmallButton("Remove")) remove = static_cast<int>(i);
      }
    }
    if (fonts.mono) ImGui::PushFont(fonts.mono);
    changed |= ImGui::InputTextMultiline("##statement", &st.statement,
                                         ImVec2(-1, ImGui::GetTextLineHeight() * lines + 8),
                                         ImGuiInputTextFlags_AllowTabInput);
    if (i == 0) TrackItem("##statement");
    if (fonts.mono) ImGui::PopFont();
    FieldLabel("Parameters", label_width);
    ImGui::SetNextItemWidth(-1);
    changed |= ImGui::InputTextWithHint("##parameters", "[{\"S\": \"C#c001\"}] for each ?",
                                        &st.parameters);
    if (i == 0) TrackItem("##parameters");
    ImGui::PopID();
  }
  if (remove >= 0) {
    s->statements.erase(s->statements.begin() + remove);
    changed = true;
  }
  if (!single) {
    size_t max = s->operation == "BatchExecuteStatement" ? 25 : 100;  // DynamoDB's limits
    ImGui::BeginDisabled(s->statements.size() >= max);
    if (TrackedSmallButton("+ Statement")) {
      s->statements.push_back({});
      changed = true;
    }
    ImGui::EndDisabled();
    ImGui::SameLine();
    MutedText(s->operation == "ExecuteTransaction" ? "all or nothing, up to 100"
                                                   : "each on its own, up to 25");
  } else {
    FieldLabel("Options", label_width);
    OptionRow row;
    changed |= LimitField(&s->limit);
    row.Next(OptionRow::CheckboxWidth("Consistent"));
    changed |= TrackedCheckbox("Consistent", &s->consistent);
  }
  if (!s->partiql_note.empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(palette.warning, "%s", s->partiql_note.c_str());
    ImGui::PopTextWrapPos();
  }
  return changed;
}

// A Query's key fields for a multi-attribute GSI key (DG GSI.html#GSI.MultiAttributeKeys): every
// HASH attribute takes `=`; the RANGE attributes are named left to right, `=` on each before the
// one the condition is on (chosen in "on"). True when something changed.
bool DrawMultiAttributeKey(RequestPanelState* s, const std::vector<KeyAttributeView>& hashes,
                           const std::vector<KeyAttributeView>& ranges, float label_width) {
  bool changed = false;
  for (size_t h = 0; h < hashes.size(); ++h) {
    const std::string id = h == 0 ? "##pk" : "##pk" + std::to_string(h + 1);
    const std::string hint = hashes[h].name + " (" + hashes[h].type + ") =";
    FieldLabel(h == 0 ? "Partition" : "", label_width);
    changed |= InputLine(id.c_str(), KeyField(s, true, h), hint.c_str());
  }
  if (ranges.empty()) return changed;
  FieldLabel("Sort key", label_width);
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("begins_with").x + ImGui::GetFrameHeight() * 1.6f);
  int op = static_cast<int>(s->sk_op);
  if (ImGui::Combo("##skop", &op, kSortKeyOpTexts, IM_ARRAYSIZE(kSortKeyOpTexts))) {
    s->sk_op = static_cast<SortKeyOp>(op);
    changed = true;
  }
  TrackItem("##skop");
  if (s->sk_op == SortKeyOp::kNone) return changed;
  const size_t last = std::min(static_cast<size_t>(std::max(s->sk_attr, 0)), ranges.size() - 1);
  if (ranges.size() > 1) {
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    MutedText("on");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##skattr", ranges[last].name.c_str())) {
      for (size_t r = 0; r < ranges.size(); ++r) {
        // Naming RANGE attribute r means `=` on every one before it.
        if (ImGui::Selectable(ranges[r].name.c_str(), r == last)) {
          s->sk_attr = static_cast<int>(r);
          changed = true;
        }
      }
      ImGui::EndCombo();
    }
    TrackItem("##skattr");
  }
  for (size_t r = 0; r <= last; ++r) {
    const std::string id = r == 0 ? "##sk" : "##sk" + std::to_string(r + 1);
    const std::string hint = ranges[r].name + " (" + ranges[r].type + ") " +
                             (r < last ? "=" : kSortKeyOpTexts[static_cast<int>(s->sk_op)]);
    FieldLabel("", label_width);
    if (r == last && s->sk_op == SortKeyOp::kBetween) {
      ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f -
                              ImGui::GetStyle().ItemSpacing.x / 2);
      changed |= ImGui::InputTextWithHint(id.c_str(), hint.c_str(), KeyField(s, false, r));
      TrackItem(id.c_str());
      ImGui::SameLine();
      changed |= InputLine("##sk2between", &s->sk2, "and");
    } else {
      changed |= InputLine(id.c_str(), KeyField(s, false, r), hint.c_str());
    }
  }
  return changed;
}

}  // namespace

void DrawRequestPanel(RequestPanelState* s, const SchemaView& schema, Intents* intents) {
  const Palette& palette = CurrentPalette();
  const Fonts& fonts = CurrentFonts();
  const float label_width = ImGui::GetStyle().WindowPadding.x + ImGui::CalcTextSize("Operation").x +
                            ImGui::GetStyle().ItemSpacing.x * 2;
  Heading("Request", s->label.empty() ? nullptr : s->label.c_str());

  bool form_changed = false;
  // Mode: the API's operations or PartiQL's (the same engine, the same capacity).
  const bool partiql = IsPartiQL(s->operation);
  FieldLabel("Mode", label_width);
  if (ImGui::RadioButton("API##mode", !partiql) && partiql) SwitchOperation(s, schema, "Query");
  TrackItem("API##mode");
  ImGui::SameLine();
  if (ImGui::RadioButton("PartiQL##mode", partiql) && !partiql) {
    SwitchOperation(s, schema, "ExecuteStatement");
  }
  TrackItem("PartiQL##mode");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "ExecuteStatement, BatchExecuteStatement, ExecuteTransaction: the request "
        "above as a PartiQL statement");
  }
  // Operation and table.
  FieldLabel("Operation", label_width);
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * (IsPartiQL(s->operation) ? 1 : 0.45f));
  if (ImGui::BeginCombo("##operation", s->operation.c_str())) {
    for (const std::string& op : BuilderOperations()) {
      if (IsPartiQL(op) != IsPartiQL(s->operation)) continue;
      if (ImGui::Selectable(op.c_str(), op == s->operation)) SwitchOperation(s, schema, op);
      TrackItem(op + "##operation");
    }
    ImGui::EndCombo();
  }
  TrackItem("##operation");
  const TableSchemaView* t = FormTable(*s, schema);
  if (!IsPartiQL(s->operation)) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1);
  }
  if (!IsPartiQL(s->operation) &&
      ImGui::BeginCombo("##table", t ? t->name.c_str() : "(no table)")) {
    for (size_t i = 0; i < schema.tables.size(); ++i) {
      if (ImGui::Selectable(schema.tables[i].name.c_str(), s->table == static_cast<int>(i))) {
        s->table = static_cast<int>(i);
        s->index = 0;
        form_changed = true;
      }
    }
    ImGui::EndCombo();
  }
  t = FormTable(*s, schema);

  if (IsPartiQL(s->operation)) {
    form_changed |= DrawPartiQLForm(s, label_width);
  } else if (FormSupports(s->operation) && t) {
    KeyAttributeView hash, range;
    FormKeys(*s, schema, &hash, &range);
    if (FormHasIndex(s->operation)) {
      FieldLabel("Index", label_width);
      ImGui::SetNextItemWidth(-1);
      const char* current = s->index == 0
                                ? "(base table)"
                                : t->indexes[static_cast<size_t>(s->index - 1)].name.c_str();
      if (ImGui::BeginCombo("##index", current)) {
        if (ImGui::Selectable("(base table)", s->index == 0)) SelectIndex(s, schema, 0);
        for (size_t i = 0; i < t->indexes.size(); ++i) {
          // The index with its whole key schema, every attribute of a multi-attribute key.
          const std::string option = t->indexes[i].name + "  (" + t->indexes[i].key_label + ")" +
                                     "###" + t->indexes[i].name;
          if (ImGui::Selectable(option.c_str(), s->index == static_cast<int>(i + 1))) {
            SelectIndex(s, schema, static_cast<int>(i + 1));
          }
        }
        ImGui::EndCombo();
      }
      FormKeys(*s, schema, &hash, &range);
    }
    std::vector<KeyAttributeView> hashes, ranges;
    FormKeyAttributes(*s, schema, &hashes, &ranges);
    if (FormHasKey(s->operation) || s->operation == "Query") {
      if (s->operation == "Query" && s->custom_key_condition) {
        ImGui::TextColored(palette.warning, "Custom key condition: edit it in the JSON below.");
      } else if (s->operation == "Query" && (hashes.size() > 1 || ranges.size() > 1)) {
        form_changed |= DrawMultiAttributeKey(s, hashes, ranges, label_width);
      } else {
        std::string hint = hash.name + " (" + hash.type + ")";
        FieldLabel("Partition", label_width);
        form_changed |= InputLine("##pk", &s->pk, hint.c_str());
        if (!range.name.empty()) {
          FieldLabel("Sort key", label_width);
          std::string range_hint = range.name + " (" + range.type + ")";
          if (s->operation == "Query") {
            ImGui::SetNextItemWidth(ImGui::CalcTextSize("begins_with").x +
                                    ImGui::GetFrameHeight() * 1.6f);
            int op = static_cast<int>(s->sk_op);
            if (ImGui::Combo("##skop", &op, kSortKeyOpTexts, IM_ARRAYSIZE(kSortKeyOpTexts))) {
              s->sk_op = static_cast<SortKeyOp>(op);
              form_changed = true;
            }
            if (s->sk_op != SortKeyOp::kNone) {
              ImGui::SameLine();
              if (s->sk_op == SortKeyOp::kBetween) {
                ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f -
                                        ImGui::GetStyle().ItemSpacing.x / 2);
                form_changed |= ImGui::InputTextWithHint("##sk", range_hint.c_str(), &s->sk);
                ImGui::SameLine();
                form_changed |= InputLine("##sk2", &s->sk2, "and");
              } else {
                form_changed |= InputLine("##sk", &s->sk, range_hint.c_str());
              }
            }
          } else {
            form_changed |= InputLine("##sk", &s->sk, range_hint.c_str());
          }
        }
      }
    }
    if (s->operation == "Query" || s->operation == "Scan") {
      FieldLabel("Filter", label_width);
      form_changed |= InputLine("##filter", &s->filter, "FilterExpression, e.g. #s = :status");
    }
    if (s->operation == "UpdateItem") {
      FieldLabel("Update", label_width);
      form_changed |= InputLine("##update", &s->update, "SET #s = :s ADD n :one");
    }
    if (s->operation == "PutItem" || s->operation == "UpdateItem" || s->operation == "DeleteItem") {
      FieldLabel("Condition", label_width);
      form_changed |= InputLine("##condition", &s->condition, "attribute_exists(PK)");
    }
    if (s->operation == "GetItem" || s->operation == "Query" || s->operation == "Scan") {
      FieldLabel("Project", label_width);
      form_changed |= InputLine("##projection", &s->projection, "ProjectionExpression (all)");
      FieldLabel("Options", label_width);
      OptionRow row;
      bool first = true;
      if (s->operation != "GetItem") {
        form_changed |= LimitField(&s->limit);
        first = false;
      }
      if (s->operation == "Query") {
        if (!first) row.Next(OptionRow::CheckboxWidth("Descending"));
        bool descending = !s->forward;
        if (TrackedCheckbox("Descending", &descending)) {
          s->forward = !descending;
          form_changed = true;
        }
        first = false;
      }
      if (!first) row.Next(OptionRow::CheckboxWidth("Consistent"));
      form_changed |= TrackedCheckbox("Consistent", &s->consistent);
    }
    if (s->operation == "PutItem") MutedText("Edit the Item in the JSON below.");
  } else if (!FormSupports(s->operation)) {
    MutedText("%s is edited as JSON.", s->operation.c_str());
  }
  if (form_changed) FormToJson(s, schema);

  // JSON editor.
  float buttons_height = ImGui::GetFrameHeightWithSpacing() + ImGui::GetStyle().ItemSpacing.y;
  ImVec2 editor_size(-1, ImGui::GetContentRegionAvail().y - buttons_height -
                             (s->json_error.empty() ? 0 : ImGui::GetTextLineHeightWithSpacing()));
  float min_height = ImGui::GetTextLineHeight() * 4;
  if (editor_size.y < min_height) editor_size.y = min_height;
  if (fonts.mono) ImGui::PushFont(fonts.mono);
  bool edited = ImGui::InputTextMultiline("##json", &s->json_text, editor_size,
                                          ImGuiInputTextFlags_AllowTabInput);
  if (fonts.mono) ImGui::PopFont();
  TrackItem("##json");
  if (edited) JsonToForm(s, schema);
  if (!s->json_error.empty()) ImGui::TextColored(palette.error, "%s", s->json_error.c_str());

  // Run and copy.
  ImGuiIO& io = ImGui::GetIO();
  bool ctrl_enter =
      io.KeyCtrl && (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false) ||
                     ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter), false));
  ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
  bool run = TrackedButton("Run request");
  ImGui::PopStyleColor();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Ctrl+Enter");
  if (run || ctrl_enter) {
    intents->push_back(intent::RunRequest{s->operation, s->json_text, s->label});
  }
  ImGui::SameLine();
  MutedText("Copy as");
  struct Target {
    const char* label;
    const char* title;
    std::string (*generate)(std::string_view, std::string_view);
  };
  static const Target kTargets[] = {{"AWS CLI", "AWS CLI", ToAwsCli},
                                    {"boto3", "Python (boto3)", ToBoto3},
                                    {"JS SDK v3", "JavaScript (AWS SDK v3)", ToJsSdkV3}};
  for (const Target& target : kTargets) {
    ImGui::SameLine();
    if (TrackedButton(target.label)) {
      std::string code = target.generate(s->operation, s->json_text);
      if (!code.empty()) {
        s->copy_title = target.title;
        s->copy_text = code;
        intents->push_back(intent::CopyText{code});
        ImGui::OpenPopup("##copied");
      }
    }
  }
  if (ImGui::BeginPopup("##copied")) {
    ImGui::Text("%s, copied to the clipboard:", s->copy_title.c_str());
    if (fonts.mono) ImGui::PushFont(fonts.mono);
    ImGui::TextUnformatted(s->copy_text.c_str());
    if (fonts.mono) ImGui::PopFont();
    ImGui::EndPopup();
  }
}

}  // namespace monotable::ui
