// common: helpers shared by the serve and run subcommands (file reading, option parsing).
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "commands.h"

namespace monotable::cli {

bool ReadFile(const std::string& path, std::string* out) {
  if (path == "-") {
    std::ostringstream buffer;
    buffer << std::cin.rdbuf();
    *out = buffer.str();
    return !std::cin.bad();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out->assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

bool TakeOption(const std::vector<std::string>& args, size_t* i, std::string_view name,
                std::string* value, bool* missing_value) {
  const std::string& arg = args[*i];
  if (arg == name) {
    if (*i + 1 >= args.size()) {
      *missing_value = true;
      return true;
    }
    *value = args[*i + 1];
    *i += 2;
    return true;
  }
  if (arg.size() > name.size() && arg.compare(0, name.size(), name) == 0 &&
      arg[name.size()] == '=') {
    *value = arg.substr(name.size() + 1);
    *i += 1;
    return true;
  }
  return false;
}

}  // namespace monotable::cli
