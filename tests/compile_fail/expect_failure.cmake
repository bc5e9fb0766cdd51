# Compiles SOURCE with CXX; succeeds only if compilation fails and the
# diagnostic names the concept given on the source's "// expect: NAME" line.
file(STRINGS ${SOURCE} expect_line REGEX "^// expect: ")
string(REGEX REPLACE "^// expect: " "" expected "${expect_line}")
execute_process(COMMAND ${CXX} -std=c++20 -fsyntax-only -I${INCLUDE_DIR} ${SOURCE}
                RESULT_VARIABLE result ERROR_VARIABLE diagnostics OUTPUT_QUIET)
if(result EQUAL 0)
  message(FATAL_ERROR "${SOURCE} compiled, but it must be rejected")
endif()
string(FIND "${diagnostics}" "${expected}" found)
if(found EQUAL -1)
  message(FATAL_ERROR "${SOURCE} was rejected without naming '${expected}':\n${diagnostics}")
endif()
message(STATUS "rejected as expected, naming '${expected}'")
