// Request code generation (see request_codegen.h).
#include "ui/request_codegen.h"

#include <cctype>

#include "nlohmann/json.hpp"

namespace monotable::ui {
namespace {

using json = nlohmann::json;

std::string Separated(std::string_view pascal, char separator) {
  std::string out;
  for (size_t i = 0; i < pascal.size(); ++i) {
    char c = pascal[i];
    bool upper = std::isupper(static_cast<unsigned char>(c));
    if (upper && i > 0) {
      char prev = pascal[i - 1];
      bool next_lower =
          i + 1 < pascal.size() && std::islower(static_cast<unsigned char>(pascal[i + 1]));
      if (std::islower(static_cast<unsigned char>(prev)) ||
          std::isdigit(static_cast<unsigned char>(prev)) ||
          (std::isupper(static_cast<unsigned char>(prev)) && next_lower)) {
        out += separator;
      }
    }
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

std::string ShellQuote(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

// JSON -> Python literal: JSON strings and numbers are valid Python; true/false/null are not.
void AppendPython(const json& value, int indent, std::string* out) {
  std::string pad(static_cast<size_t>(indent) * 4, ' ');
  std::string inner(static_cast<size_t>(indent + 1) * 4, ' ');
  if (value.is_object()) {
    if (value.empty()) {
      *out += "{}";
      return;
    }
    *out += "{\n";
    for (auto it = value.begin(); it != value.end(); ++it) {
      *out += inner + json(it.key()).dump() + ": ";
      AppendPython(it.value(), indent + 1, out);
      *out += ",\n";
    }
    *out += pad + "}";
  } else if (value.is_array()) {
    if (value.empty()) {
      *out += "[]";
      return;
    }
    *out += "[\n";
    for (const json& element : value) {
      *out += inner;
      AppendPython(element, indent + 1, out);
      *out += ",\n";
    }
    *out += pad + "]";
  } else if (value.is_boolean()) {
    *out += value.get<bool>() ? "True" : "False";
  } else if (value.is_null()) {
    *out += "None";
  } else {
    *out += value.dump();
  }
}

// JSON -> JavaScript literal with unquoted identifier keys.
bool IsIdentifier(const std::string& key) {
  if (key.empty() || std::isdigit(static_cast<unsigned char>(key[0]))) return false;
  for (char c : key) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '$') return false;
  }
  return true;
}

void AppendJs(const json& value, int indent, std::string* out) {
  std::string pad(static_cast<size_t>(indent) * 2, ' ');
  std::string inner(static_cast<size_t>(indent + 1) * 2, ' ');
  if (value.is_object()) {
    if (value.empty()) {
      *out += "{}";
      return;
    }
    *out += "{\n";
    for (auto it = value.begin(); it != value.end(); ++it) {
      *out += inner + (IsIdentifier(it.key()) ? it.key() : json(it.key()).dump()) + ": ";
      AppendJs(it.value(), indent + 1, out);
      *out += ",\n";
    }
    *out += pad + "}";
  } else if (value.is_array()) {
    if (value.empty()) {
      *out += "[]";
      return;
    }
    *out += "[\n";
    for (const json& element : value) {
      *out += inner;
      AppendJs(element, indent + 1, out);
      *out += ",\n";
    }
    *out += pad + "]";
  } else {
    *out += value.dump();
  }
}

// The playground's own AdvanceTime (ui/table_settings.h) has no DynamoDB form: real DynamoDB's
// clock cannot be moved, and its TTL process deletes expired items by itself, typically within
// days. Each tool gets a comment saying so instead of a call that would fail.
std::string PlaygroundOnly(std::string_view operation, const char* comment) {
  if (operation != "AdvanceTime") return "";
  return std::string(comment) +
         " AdvanceTime is the playground's clock, not a DynamoDB operation: on DynamoDB, TTL "
         "deletes expired items by itself (usually within a few days of expiry).\n";
}

}  // namespace

std::string KebabCase(std::string_view pascal) { return Separated(pascal, '-'); }
std::string SnakeCase(std::string_view pascal) { return Separated(pascal, '_'); }

std::string ToAwsCli(std::string_view operation, std::string_view request_json) {
  if (std::string note = PlaygroundOnly(operation, "#"); !note.empty()) return note;
  json request = json::parse(request_json, nullptr, false);
  if (request.is_discarded() || !request.is_object()) return "";
  std::string out = "aws dynamodb " + KebabCase(operation);
  for (auto it = request.begin(); it != request.end(); ++it) {
    std::string flag = "--" + KebabCase(it.key());
    const json& value = it.value();
    out += " \\\n    ";
    if (value.is_boolean()) {
      // Boolean parameters are switches: --consistent-read / --no-consistent-read.
      out += value.get<bool>() ? flag : "--no-" + flag.substr(2);
    } else if (value.is_string()) {
      out += flag + " " + ShellQuote(value.get<std::string>());
    } else if (value.is_number()) {
      out += flag + " " + value.dump();
    } else {
      out += flag + " " + ShellQuote(value.dump());
    }
  }
  return out + "\n";
}

std::string ToBoto3(std::string_view operation, std::string_view request_json) {
  if (std::string note = PlaygroundOnly(operation, "#"); !note.empty()) return note;
  json request = json::parse(request_json, nullptr, false);
  if (request.is_discarded() || !request.is_object()) return "";
  std::string out = "import boto3\n\nclient = boto3.client(\"dynamodb\")\n";
  out += "response = client." + SnakeCase(operation) + "(";
  if (request.empty()) return out + ")\n";
  out += "\n";
  for (auto it = request.begin(); it != request.end(); ++it) {
    out += "    " + it.key() + "=";
    AppendPython(it.value(), 1, &out);
    out += ",\n";
  }
  return out + ")\nprint(response)\n";
}

std::string ToJsSdkV3(std::string_view operation, std::string_view request_json) {
  if (std::string note = PlaygroundOnly(operation, "//"); !note.empty()) return note;
  json request = json::parse(request_json, nullptr, false);
  if (request.is_discarded() || !request.is_object()) return "";
  std::string command = std::string(operation) + "Command";
  std::string out = "import { DynamoDBClient, " + command +
                    " } from \"@aws-sdk/client-dynamodb\";\n\n"
                    "const client = new DynamoDBClient({});\n"
                    "const response = await client.send(new " +
                    command + "(";
  AppendJs(request, 0, &out);
  return out + "));\nconsole.log(response);\n";
}

}  // namespace monotable::ui
