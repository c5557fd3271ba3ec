// accounts: see accounts.h.
#include "accounts.h"

namespace monotable::cli {
namespace {

bool IsDigits(std::string_view s, size_t n) {
  if (s.size() != n) return false;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

}  // namespace

bool ParseCredentialScope(std::string_view authorization, std::string_view* access_key_id,
                          std::string_view* region) {
  constexpr std::string_view kCredential = "Credential=";
  size_t at = authorization.find(kCredential);
  if (at == std::string_view::npos) return false;
  std::string_view rest = authorization.substr(at + kCredential.size());
  size_t end = rest.find_first_of(", \t");
  if (end != std::string_view::npos) rest = rest.substr(0, end);
  // AKID / date / region / service / aws4_request
  std::string_view parts[5];
  for (size_t i = 0; i < 5; ++i) {
    size_t slash = rest.find('/');
    if (i < 4 && slash == std::string_view::npos) return false;
    parts[i] = i < 4 ? rest.substr(0, slash) : rest;
    if (i < 4) rest = rest.substr(slash + 1);
  }
  if (parts[0].empty() || parts[2].empty()) return false;
  *access_key_id = parts[0];
  *region = parts[2];
  return true;
}

std::string_view AccountOfAccessKey(std::string_view access_key_id) {
  return IsDigits(access_key_id, 12) ? access_key_id : kDefaultAccount;
}

bool ValidRegionName(std::string_view region) {
  if (region.empty() || region.size() > kMaxRegionLength) return false;
  for (char c : region) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  }
  return true;
}

std::string NamespaceFolder(std::string_view account, std::string_view region) {
  std::string out(account);
  out += '_';
  out += region;
  return out;
}

bool ParseNamespaceFolder(std::string_view folder, std::string* account, std::string* region) {
  if (folder.size() < 14 || folder[12] != '_') return false;
  std::string_view a = folder.substr(0, 12), r = folder.substr(13);
  if (!IsDigits(a, 12) || !ValidRegionName(r)) return false;
  *account = std::string(a);
  *region = std::string(r);
  return true;
}

}  // namespace monotable::cli
