// web/text_field.cc: see text_field.h.
#include "web/text_field.h"

#include <algorithm>
#include <utility>

#include "imgui_internal.h"
#include "nlohmann/json.hpp"

namespace monotable::web {
namespace {

// stb_textedit's "delete the selection or the next character" key, as imgui_widgets.cpp (1.86)
// defines it for ImGuiInputTextState::OnKeyPressed.
constexpr int kStbKeyDelete = 0x200008;

// The active text field's edit state, or null when no text field is active.
ImGuiInputTextState* ActiveState() {
  ImGuiContext& g = *GImGui;
  if (g.ActiveId == 0 || g.InputTextState.ID != g.ActiveId) return nullptr;
  return &g.InputTextState;
}

}  // namespace

void TextField::Edit(ImGuiID field, int start, int end, std::string text, int sel_start,
                     int sel_end, bool backward) {
  pending_.field = field;
  pending_.edit = start != end || !text.empty();
  pending_.selection = true;
  pending_.start = start;
  pending_.end = end;
  pending_.text = std::move(text);
  pending_.sel_start = sel_start;
  pending_.sel_end = sel_end;
  pending_.backward = backward;
}

void TextField::BeforeAppFrame() {
  if (!pending_.edit && !pending_.selection) return;
  ImGuiInputTextState* st = ActiveState();
  if (!st || st->ID != pending_.field) {
    pending_ = Pending();  // the field it was for is gone
    return;
  }
  auto clamp = [&](int v) { return std::clamp(v, 0, st->CurLenW); };
  if (pending_.edit) {
    int start = clamp(std::min(pending_.start, pending_.end));
    int end = clamp(std::max(pending_.start, pending_.end));
    st->Stb.select_start = start;
    st->Stb.select_end = end;
    st->Stb.cursor = end;
    if (pending_.text.empty()) {
      if (start < end) st->OnKeyPressed(kStbKeyDelete);
    } else {
      // Typed characters, through ImGui's own queue: the widget inserts them this frame (the
      // first replaces the selection), with its filters, undo and buffer growth.
      ImGui::GetIO().AddInputCharactersUTF8(pending_.text.c_str());
    }
    pending_.edit = false;
    return;  // the selection after the characters land, next frame
  }
  int a = clamp(pending_.sel_start), b = clamp(pending_.sel_end);
  st->Stb.select_start = pending_.backward ? b : a;
  st->Stb.select_end = pending_.backward ? a : b;
  st->Stb.cursor = pending_.backward ? a : b;
  st->Stb.has_preferred_x = 0;
  st->CursorFollow = true;
  st->CursorAnimReset();
  pending_.selection = false;
}

bool TextField::Report(std::string* json) {
  Shown now;
  if (ImGuiInputTextState* st = ActiveState()) {
    ImGuiContext& g = *GImGui;
    now.active = true;
    now.field = st->ID;
    std::string& text = now.text;
    text.resize(static_cast<size_t>(st->CurLenW) * 3 + 1);
    int bytes = ImTextStrToUtf8(text.data(), static_cast<int>(text.size()), st->TextW.Data,
                                st->TextW.Data + st->CurLenW);
    text.resize(static_cast<size_t>(bytes));
    now.sel_start = std::min(st->Stb.select_start, st->Stb.select_end);
    now.sel_end = std::max(st->Stb.select_start, st->Stb.select_end);
    if (now.sel_start == now.sel_end) now.sel_start = now.sel_end = st->Stb.cursor;
    now.backward = now.sel_start != now.sel_end && st->Stb.cursor == now.sel_start;
    now.pending = pending_.selection || pending_.edit;
    now.x = static_cast<int>(g.PlatformImePos.x);
    now.y = static_cast<int>(g.PlatformImePos.y);
    now.h = static_cast<int>(g.FontSize);
  }
  if (now == last_) return false;
  last_ = now;
  nlohmann::json out = {{"active", now.active}};
  if (now.active) {
    out["field"] = now.field;
    out["text"] = now.text;
    out["selStart"] = now.sel_start;
    out["selEnd"] = now.sel_end;
    out["backward"] = now.backward;
    out["pending"] = now.pending;
    out["x"] = now.x;
    out["y"] = now.y;
    out["h"] = now.h;
  }
  *json = out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return true;
}

}  // namespace monotable::web
