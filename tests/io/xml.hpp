// SPDX-License-Identifier: MIT
#pragma once
// A small XML reader for the tests: enough of XML 1.0 to check that carom's
// writers produce well-formed documents (one root, tags closed in order,
// attributes quoted and not repeated) and to read back element text.
// Not a general parser: no DTD, no CDATA, no entities besides the five.

#include <cctype>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace carom_test {

struct xml_element {
  std::string name;
  std::map<std::string, std::string> attributes;
  std::string text;  // character data directly inside, concatenated
  std::vector<std::unique_ptr<xml_element>> children;

  /// Every descendant (self included) called `tag`, in document order.
  void find_all(std::string_view tag, std::vector<const xml_element*>& found) const {
    if (name == tag) found.push_back(this);
    for (const auto& c : children) c->find_all(tag, found);
  }
  [[nodiscard]] std::vector<const xml_element*> all(std::string_view tag) const {
    std::vector<const xml_element*> found;
    find_all(tag, found);
    return found;
  }
  /// The one descendant called `tag` whose attribute `key` is `value`.
  [[nodiscard]] const xml_element& with(std::string_view tag, const std::string& key,
                                        const std::string& value) const {
    const xml_element* match = nullptr;
    for (const auto* e : all(tag))
      if (auto it = e->attributes.find(key); it != e->attributes.end() && it->second == value) {
        if (match) throw std::runtime_error("xml: two <" + std::string(tag) + "> with " + key + "=" + value);
        match = e;
      }
    if (!match) throw std::runtime_error("xml: no <" + std::string(tag) + "> with " + key + "=" + value);
    return *match;
  }
};

/// Parses a whole document; throws std::runtime_error if it is not well formed.
inline std::unique_ptr<xml_element> parse_xml(std::string_view s) {
  std::size_t k = 0;
  auto fail = [&](const std::string& why) -> void {
    throw std::runtime_error("xml: " + why + " at offset " + std::to_string(k));
  };
  auto space = [&] {
    while (k < s.size() && (s[k] == ' ' || s[k] == '\n' || s[k] == '\t' || s[k] == '\r')) ++k;
  };
  auto name = [&] {
    const std::size_t start = k;
    while (k < s.size() && (std::isalnum(static_cast<unsigned char>(s[k])) || s[k] == '_' ||
                            s[k] == '-' || s[k] == ':' || s[k] == '.'))
      ++k;
    if (k == start) fail("expected a name");
    return std::string(s.substr(start, k - start));
  };
  auto unescape = [&](std::string_view raw) {
    std::string out;
    for (std::size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] == '<') fail("'<' in text or attribute");
      if (raw[i] != '&') {
        out += raw[i];
        continue;
      }
      const auto semi = raw.find(';', i);
      if (semi == std::string_view::npos) fail("unterminated entity");
      const auto entity = raw.substr(i + 1, semi - i - 1);
      if (entity == "lt") out += '<';
      else if (entity == "gt") out += '>';
      else if (entity == "amp") out += '&';
      else if (entity == "quot") out += '"';
      else if (entity == "apos") out += '\'';
      else fail("unknown entity");
      i = semi;
    }
    return out;
  };
  if (s.substr(0, 5) == "<?xml") {
    k = s.find("?>");
    if (k == std::string_view::npos) fail("unterminated declaration");
    k += 2;
  }
  std::vector<xml_element*> open;
  std::unique_ptr<xml_element> root;
  for (;;) {
    if (open.empty()) space();
    if (k >= s.size()) break;
    if (s[k] != '<') {
      const auto next = s.find('<', k);
      if (open.empty()) fail("text outside the root element");
      open.back()->text += unescape(s.substr(k, next - k));
      k = next == std::string_view::npos ? s.size() : next;
      continue;
    }
    if (s.substr(k, 4) == "<!--") {
      k = s.find("-->", k);
      if (k == std::string_view::npos) fail("unterminated comment");
      k += 3;
      continue;
    }
    if (s.substr(k, 2) == "</") {
      k += 2;
      const std::string closing = name();
      space();
      if (k >= s.size() || s[k] != '>') fail("expected '>'");
      ++k;
      if (open.empty() || open.back()->name != closing) fail("mismatched </" + closing + ">");
      open.pop_back();
      continue;
    }
    ++k;
    auto element = std::make_unique<xml_element>();
    element->name = name();
    for (;;) {
      space();
      if (k >= s.size()) fail("unterminated tag");
      if (s[k] == '>' || s.substr(k, 2) == "/>") break;
      const std::string key = name();
      space();
      if (k >= s.size() || s[k] != '=') fail("expected '=' after " + key);
      ++k;
      space();
      if (k >= s.size() || (s[k] != '"' && s[k] != '\'')) fail("unquoted attribute " + key);
      const char quote = s[k++];
      const auto end = s.find(quote, k);
      if (end == std::string_view::npos) fail("unterminated attribute " + key);
      if (!element->attributes.emplace(key, unescape(s.substr(k, end - k))).second)
        fail("repeated attribute " + key);
      k = end + 1;
    }
    const bool empty = s[k] == '/';
    k += empty ? 2 : 1;
    xml_element* raw = element.get();
    if (open.empty()) {
      if (root) fail("a second root element");
      root = std::move(element);
    } else {
      open.back()->children.push_back(std::move(element));
    }
    if (!empty) open.push_back(raw);
  }
  if (!open.empty()) fail("<" + open.back()->name + "> not closed");
  if (!root) fail("no root element");
  return root;
}

}  // namespace carom_test
