# Compiles SOURCE with CXX; succeeds only if compilation fails and the
# diagnostic matches the regular expression on the source's "// expect: "
# line (g++ and clang++ word their notes differently).
file(STRINGS ${SOURCE} expect_line REGEX "^// expect: ")
string(REGEX REPLACE "^// expect: " "" expected "${expect_line}")
execute_process(COMMAND ${CXX} -std=c++20 -fsyntax-only -I${INCLUDE_DIR} ${SOURCE}
                RESULT_VARIABLE result ERROR_VARIABLE diagnostics OUTPUT_QUIET)
if(result EQUAL 0)
  message(FATAL_ERROR "${SOURCE} compiled, but it must be rejected")
endif()
if(NOT diagnostics MATCHES "${expected}")
  message(FATAL_ERROR "${SOURCE} was rejected without naming '${expected}':\n${diagnostics}")
endif()
message(STATUS "rejected as expected, naming '${expected}'")
